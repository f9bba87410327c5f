import type { INodeProperties } from 'n8n-workflow';

import { identitySigningProperties } from './fields';

export const signDescription: INodeProperties[] = identitySigningProperties('sign', false);
