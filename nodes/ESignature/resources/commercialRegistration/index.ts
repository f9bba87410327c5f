import type { INodeProperties } from 'n8n-workflow';

import * as check from './check';

export const operation: INodeProperties = {
	displayName: 'Operation',
	name: 'operation',
	type: 'options',
	noDataExpression: true,
	displayOptions: { show: { resource: ['commercialRegistration'] } },
	options: [check.option],
	default: 'check',
};

export const fields: INodeProperties[] = [...check.properties];
