import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { inputError, requireText, toText } from '../../fields/validation';

/**
 * Longest CR number sent: CR numbers and the unified national numbers that replace them have 10 digits; 20 leaves
 * room for any other form without letting the request's URL grow past what servers accept (a 100,000-character
 * number was answered with HTTP 431).
 */
export const CR_NUMBER_MAX_LENGTH = 20;

/** Checks of the commercial registration check. */

/** The CR number goes into the path: digits only, so no spaces or slashes. */
export async function checkCommercialNumber(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const label = 'Commercial Registration Number';
	const commercialNumber = requireText(
		this,
		this.getNodeParameter('commercialNumber', ''),
		label,
		CR_NUMBER_MAX_LENGTH,
	);
	if (!/^\d+$/.test(commercialNumber)) {
		throw inputError(
			this,
			`${label} must be digits only, got "${commercialNumber}"`,
			'For example 1010010101.',
		);
	}
	return requestOptions;
}

/** The language of the names in the record: ar or en, in any case (an expression may give either). */
export async function checkLanguage(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const language = (toText(this.getNodeParameter('language', 'ar')) || 'ar').toLowerCase();
	if (language !== 'ar' && language !== 'en') {
		throw inputError(this, `Language must be "ar" or "en", got "${language}"`);
	}
	return requestOptions;
}
