import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions, simplifyProperty } from '../../fields/common';

const properties: INodeProperties[] = [envelopeIdProperty(), simplifyProperty(), responseOptions()];

const displayOptions = { show: { resource: ['envelope'], operation: ['getStatus'] } };

export const description = updateDisplayOptions(displayOptions, properties);
