import type { INodeProperties } from 'n8n-workflow';

import { binaryOutputProperty } from '../../fields/common';
import { IDENTITY_FILE_INPUT, fileInputProperties } from '../../fields/fileInput';
import {
	filePasswordProperty,
	requestIdProperty,
	signatureAppearanceProperty,
	signatureDetailsProperty,
} from '../../fields/identitySigning';
import type { OperationErrors } from '../../service/errors';

// No routing: each operation builds its whole body with the PDF in it.
export const documentFields: INodeProperties[] = [
	requestIdProperty(),
	...fileInputProperties(IDENTITY_FILE_INPUT),
	filePasswordProperty(),
];

export const signatureFields: INodeProperties[] = [
	signatureAppearanceProperty(),
	signatureDetailsProperty(),
	binaryOutputProperty(),
];

// Error 100 also answers a signer not yet authenticated (docs/service-api.md#error-codes).
export const SIGNING_ERRORS: OperationErrors = {
	100:
		'The service could not sign: the signer has not authenticated with the identity provider yet, ' +
		'or signing failed',
};
