import type { INodeProperties } from 'n8n-workflow';

import { identitySigningProperties } from './fields';

export const signWithSignersDescription: INodeProperties[] = identitySigningProperties('signWithSigners', true);
