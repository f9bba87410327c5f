import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { binaryOutputProperty, responseOptions } from '../../fields/common';
import { IDENTITY_FILE_INPUT, fileInputProperties } from '../../fields/fileInput';
import {
	filePasswordProperty,
	requestIdProperty,
	signatureAppearanceProperty,
	signatureDetailsProperty,
} from '../../fields/identitySigning';

const properties: INodeProperties[] = [
	requestIdProperty(),
	...fileInputProperties(IDENTITY_FILE_INPUT),
	filePasswordProperty(),
	signatureAppearanceProperty(),
	signatureDetailsProperty(),
	binaryOutputProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['identitySigning'], operation: ['sign'] } };

export const description = updateDisplayOptions(displayOptions, properties);
