import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { toNumber } from '../../shared/enums';
import { inputError, requireText } from '../../shared/validation';

/** Request builder of the SMS provider configuration. */
export async function buildSmsProviderBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const rawProvider = this.getNodeParameter('smsProvider', '');
	const smsProvider = toNumber(rawProvider);
	if (smsProvider === undefined || !Number.isInteger(smsProvider)) {
		throw inputError(this, `Provider must be one of the listed providers or its number, got "${String(rawProvider)}"`);
	}
	const smsUrl = requireText(this, this.getNodeParameter('smsUrl', ''), 'Gateway URL');
	let validUrl = false;
	try {
		validUrl = ['http:', 'https:'].includes(new URL(smsUrl).protocol);
	} catch {}
	if (!validUrl) throw inputError(this, `Gateway URL must be an http:// or https:// URL, got "${smsUrl}"`);
	const password = String(this.getNodeParameter('smsPassword', '') ?? '');
	if (!password) throw inputError(this, 'Password is required');
	requestOptions.body = {
		smsUrl,
		smsSender: requireText(this, this.getNodeParameter('smsSender', ''), 'Sender Name'),
		// Spelled as the interface has it.
		smsUserame: requireText(this, this.getNodeParameter('smsUserame', ''), 'Username'),
		smsPassword: password,
		smsProvider,
	};
	return requestOptions;
}
