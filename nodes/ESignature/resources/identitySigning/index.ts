import type { INodeProperties } from 'n8n-workflow';

import { documentFields, signatureFields } from './shared';
import * as sign from './sign';
import * as signWithSigners from './signWithSigners';

/** The Identity Provider Signing operations. */
export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['identitySigning'] } },
	options: [sign.option, signWithSigners.option],
	default: 'sign',
};

/** Their fields in the order the editor shows them. */
export const fields: INodeProperties[] = [
	...documentFields,
	...signWithSigners.description,
	...signatureFields,
];
