import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { setPathParameter } from '../../routing/paths';
import { inputError, requireText, toText } from '../../fields/validation';

/**
 * Longest CR number sent: CR numbers and the unified national numbers that replace them have 10 digits; 20 leaves
 * room for any other form without letting the request's URL grow past what servers accept (a 100,000-character
 * number was answered with HTTP 431).
 */
export const CR_NUMBER_MAX_LENGTH = 20;

/** Request builders of the commercial registration check. */

/** Fills `{commercialNumber}` in the path with the checked CR number: one path segment, so no spaces or slashes. */
export async function setCommercialNumberPath(
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
	return setPathParameter(requestOptions, 'commercialNumber', commercialNumber);
}

/** The language of the names in the record, as the `language` query parameter. */
export async function setLanguageQuery(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const language = (toText(this.getNodeParameter('language', 'ar')) || 'ar').toLowerCase();
	if (language !== 'ar' && language !== 'en') {
		throw inputError(this, `Language must be "ar" or "en", got "${language}"`);
	}
	requestOptions.qs = { ...requestOptions.qs, language };
	return requestOptions;
}
