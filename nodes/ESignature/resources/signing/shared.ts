import { addedToBody, buildSigners, signersProperties } from '../kit';

export const buildSignerList = addedToBody('signres', buildSigners);

export const signerFields = signersProperties();
