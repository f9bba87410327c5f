import { signingDescription, signingRouting } from './shared';

export const option = {
	name: 'Sign',
	value: 'sign',
	action: 'Sign a PDF with the identity provider',
	description:
		'Sign a PDF for a signer who authenticated with the national identity provider, and get the signed file',
	routing: signingRouting(1),
};

export const description = signingDescription();
