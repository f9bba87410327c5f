import type { INodeProperties } from 'n8n-workflow';

import { buildSigners, signersProperties } from '../../fields/signers';
import { addedToBody } from '../shared';

/** The signer details ("signres"): entered in four spellings (fields or JSON, labels or API names), so built here. */
export const buildSignerList = addedToBody('signres', buildSigners);

/** The signer details, shown by both signing operations; each builds the list (buildSignerList) in its routing. */
export const signerFields: INodeProperties[] = signersProperties();
