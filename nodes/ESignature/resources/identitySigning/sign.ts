import { base64ResponseToBinary, options, routing } from '../kit';
import {
	SIGNING_ERRORS,
	buildSigningBody,
	documentFields,
	nameSignedFile,
	requestId,
	signatureFields,
} from './shared';

export const option = {
	name: 'Sign',
	value: 'sign',
	action: 'Sign a PDF with the identity provider',
	description:
		'Sign a PDF for a signer who authenticated with the national identity provider, and get the signed file',
	routing: routing(
		// The spec's path; an account known to take the live service's (nafath) gets that.
		{ method: 'POST', url: '/api/v1/esign/idp/sign' },
		{
			preSend: [buildSigningBody],
			postReceive: [base64ResponseToBinary, nameSignedFile],
			errors: SIGNING_ERRORS,
			idField: requestId,
		},
	),
};

export const description = [...documentFields, ...signatureFields, options];
