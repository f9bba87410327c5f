import type { INodeProperties } from 'n8n-workflow';

import { buildSigners, signersProperties } from '../../fields/signers';
import { addedToBody } from '../shared';

/** "signres": entered in four spellings (fields or JSON, labels or API names), so built here. */
export const buildSignerList = addedToBody('signres', buildSigners);

export const signerFields: INodeProperties[] = signersProperties();
