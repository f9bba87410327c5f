import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { responseOptions, webhookLocatorProperty } from '../../fields/common';

const properties: INodeProperties[] = [webhookLocatorProperty(), responseOptions()];

const displayOptions = { show: { resource: ['webhook'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);
