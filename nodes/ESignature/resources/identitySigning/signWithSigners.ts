import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { binaryOutputProperty, responseOptions } from '../../fields/common';
import { signersProperties } from '../../fields/signers';
import { IDENTITY_FILE_INPUT, fileInputProperties } from '../../fields/fileInput';
import {
	filePasswordProperty,
	requestIdProperty,
	signatureAppearanceProperty,
	signatureDetailsProperty,
} from '../../fields/identitySigning';

/** Sign (v1) plus the signer details, which the v2 endpoint takes. */
const properties: INodeProperties[] = [
	requestIdProperty(),
	...fileInputProperties(IDENTITY_FILE_INPUT),
	filePasswordProperty(),
	...signersProperties(),
	signatureAppearanceProperty(),
	signatureDetailsProperty(),
	binaryOutputProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['identitySigning'], operation: ['signWithSigners'] } };

export const description = updateDisplayOptions(displayOptions, properties);
