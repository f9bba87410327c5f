import { base64ResponseToBinary, options, routing, signersProperties } from '../kit';
import {
	SIGNING_ERRORS,
	buildSigningBodyWithSigners,
	documentFields,
	nameSignedFile,
	requestId,
	signatureFields,
} from './shared';

export const option = {
	name: 'Sign With Signer Details',
	value: 'signWithSigners',
	action: 'Sign a PDF with signer details',
	description: 'Like Sign, also giving the service the details of the signers',
	routing: routing(
		// The spec's path; an account known to take the live service's (nafath) gets that.
		{ method: 'POST', url: '/api/v2/esign/idp/sign' },
		{
			preSend: [buildSigningBodyWithSigners],
			postReceive: [base64ResponseToBinary, nameSignedFile],
			errors: SIGNING_ERRORS,
			idField: requestId,
		},
	),
};

export const description = [...documentFields, ...signersProperties(), ...signatureFields, options];
