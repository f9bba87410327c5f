import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { signersProperties } from '../../fields/signers';
import { base64ResponseToBinary } from '../../routing/answers';
import { pairedWithItem } from '../../routing/engineWorkarounds';
import { buildSigningBodyWithSigners, nameSignedFile } from './signedPdf';
import { SIGNING_ERRORS, documentFields, signatureFields } from './shared';
import { options } from '../shared';

export const option: INodePropertyOptions = {
	name: 'Sign With Signer Details',
	value: 'signWithSigners',
	action: 'Sign a PDF with signer details',
	description: 'Like Sign, also giving the service the details of the signers',
	routing: {
		// The spec's path; an account known to take the live service's (nafath) gets that.
		request: { method: 'POST', url: '/api/v2/esign/idp/sign' },
		send: { preSend: [pairedWithItem(buildSigningBodyWithSigners)] },
		output: { postReceive: [base64ResponseToBinary, nameSignedFile] },
	},
};

export const errors = SIGNING_ERRORS;

export const description: INodeProperties[] = [
	...documentFields,
	...signersProperties(),
	...signatureFields,
	options,
];
