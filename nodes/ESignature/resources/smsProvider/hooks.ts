import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { checkParameter, inputError, requireText, secretOf } from '../../fields/validation';
import { requireAuthorsUrl } from '../../fields/toolInputs';
import { namedValueOf } from '../../fields/namedValues';
import { SMS_PROVIDERS } from '../../fields/enums';

/** Request builder and checks of the SMS provider configuration. */

/**
 * `smsProvider` as a number: the spec describes a string identifier, yet its sample sends a number, as this does. A
 * listed provider by name (in any case) or number, or the number of one added later (the service decides).
 */
export async function setProviderNumber(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const provider = namedValueOf(
		this,
		this.getNodeParameter('smsProvider', ''),
		'Provider',
		SMS_PROVIDERS,
	);
	requestOptions.body = { ...(requestOptions.body as object), smsProvider: provider };
	return requestOptions;
}

export async function checkGatewayUrl(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requireAuthorsUrl(this, 'smsUrl', this.getNodeParameter('smsUrl', ''), 'Gateway URL');
	return requestOptions;
}

export const checkSenderName = checkParameter('smsSender', requireText, 'Sender Name');

export const checkUsername = checkParameter('smsUserame', requireText, 'Username');

/** A password is sent exactly as entered: spaces may be part of it. */
export async function checkPassword(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	if (!secretOf(this, this.getNodeParameter('smsPassword', ''), 'Password')) {
		throw inputError(this, 'Password is required');
	}
	return requestOptions;
}
