import type { INodeProperties } from 'n8n-workflow';

import * as configure from './configure';

export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['smsProvider'] } },
	options: [configure.option],
	default: 'configure',
};

export const fields: INodeProperties[] = [...configure.properties];
