import { signersProperties } from '../kit';
import { signingDescription, signingRouting } from './shared';

export const option = {
	name: 'Sign With Signer Details',
	value: 'signWithSigners',
	action: 'Sign a PDF with signer details',
	description: 'Like Sign, also giving the service the details of the signers',
	routing: signingRouting(2),
};

export const description = signingDescription(signersProperties());
