import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { inputError, requireAuthorsUrl, requireText, secretOf } from '../../fields/validation';
import { namedValueOf } from '../../fields/namedValues';
import { SMS_PROVIDERS } from '../../fields/enums';

/**
 * How `smsProvider` travels. The spec describes it as a string identifier, yet its sample sends a number: the number
 * is sent, as in the sample. Set to 'string' to send the same identifier as text (e.g. "3").
 */
export const SMS_PROVIDER_SENT_AS: 'number' | 'string' = 'number';

/** Request builder of the SMS provider configuration. */
export async function buildConfigureRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	// A listed provider, or the number of one added later (the service decides).
	const provider = namedValueOf(
		this,
		this.getNodeParameter('smsProvider', ''),
		'Provider',
		SMS_PROVIDERS,
	);
	const smsUrl = requireAuthorsUrl(
		this,
		'smsUrl',
		this.getNodeParameter('smsUrl', ''),
		'Gateway URL',
	);
	// A password is sent exactly as entered: spaces may be part of it.
	const password = secretOf(this, this.getNodeParameter('smsPassword', ''), 'Password');
	if (!password) throw inputError(this, 'Password is required');
	requestOptions.body = {
		smsUrl,
		smsSender: requireText(this, this.getNodeParameter('smsSender', ''), 'Sender Name'),
		// Spelled as the interface has it.
		smsUserame: requireText(this, this.getNodeParameter('smsUserame', ''), 'Username'),
		smsPassword: password,
		smsProvider: SMS_PROVIDER_SENT_AS === 'number' ? provider : String(provider),
	};
	return requestOptions;
}
