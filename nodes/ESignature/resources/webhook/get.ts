import type { INodeProperties } from 'n8n-workflow';

import { responseOptions, webhookLocatorProperty } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['webhook'], operation: ['get'] } };

export const getDescription: INodeProperties[] = [webhookLocatorProperty(displayOptions), responseOptions(displayOptions)];
