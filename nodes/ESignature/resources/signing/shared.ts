import { buildSigners, signersProperties } from '../../fields/signers';
import { addedToBody } from '../shared';

export const buildSignerList = addedToBody('signres', buildSigners);

export const signerFields = signersProperties();
