import { base64ResponseToBinary } from '../../routing/answers';
import {
	SIGNING_ERRORS,
	buildSigningBody,
	documentFields,
	nameSignedFile,
	signatureFields,
} from './shared';
import { options } from '../shared';
import { routing } from '../../routing/itemRequest';

export const option = {
	name: 'Sign',
	value: 'sign',
	action: 'Sign a PDF with the identity provider',
	description:
		'Sign a PDF for a signer who authenticated with the national identity provider, and get the signed file',
	routing: routing(
		// The spec's path; an account known to take the live service's (nafath) gets that.
		{ method: 'POST', url: '/api/v1/esign/idp/sign' },
		[buildSigningBody],
		[base64ResponseToBinary, nameSignedFile],
	),
};

export const errors = SIGNING_ERRORS;

export const description = [...documentFields, ...signatureFields, options];
