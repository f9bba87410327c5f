import type { INodeProperties } from 'n8n-workflow';

import { optionsField, signerFields } from './shared';
import * as sign from './sign';
import * as signByTemplate from './signByTemplate';

/** The operations, then their fields in the order the editor shows them. */
export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['signing'] } },
		options: [sign.option, signByTemplate.option],
		default: 'sign',
	},
	...sign.description,
	signByTemplate.templateIdField,
	...signerFields,
	...signByTemplate.description,
	...optionsField,
];
