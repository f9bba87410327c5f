import { signersProperties } from '../../fields/signers';
import { base64ResponseToBinary } from '../../routing/answers';
import {
	SIGNING_ERRORS,
	buildSigningBodyWithSigners,
	documentFields,
	nameSignedFile,
	signatureFields,
} from './shared';
import { options } from '../shared';
import { routing } from '../../routing/itemRequest';

export const option = {
	name: 'Sign With Signer Details',
	value: 'signWithSigners',
	action: 'Sign a PDF with signer details',
	description: 'Like Sign, also giving the service the details of the signers',
	routing: routing(
		// The spec's path; an account known to take the live service's (nafath) gets that.
		{ method: 'POST', url: '/api/v2/esign/idp/sign' },
		[buildSigningBodyWithSigners],
		[base64ResponseToBinary, nameSignedFile],
	),
};

export const errors = SIGNING_ERRORS;

export const description = [...documentFields, ...signersProperties(), ...signatureFields, options];
