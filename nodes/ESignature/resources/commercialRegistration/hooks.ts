import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { setPathParameter } from '../../shared/paths';
import { inputError, requireText, toText } from '../../shared/validation';

/** Request builders of the commercial registration check. */

/** Fills `{commercialNumber}` in the path with the checked CR number: one path segment, so no spaces or slashes. */
export async function setCommercialNumberPath(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const commercialNumber = requireText(this, this.getNodeParameter('commercialNumber', ''), 'Commercial Registration Number');
	if (/[\s/?#]/.test(commercialNumber)) {
		throw inputError(this, `Commercial Registration Number must not contain spaces or slashes, got "${commercialNumber}"`);
	}
	return setPathParameter(requestOptions, 'commercialNumber', commercialNumber);
}

/** The language of the names in the record, as the `language` query parameter. */
export async function setLanguageQuery(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const language = (toText(this.getNodeParameter('language', 'ar')) || 'ar').toLowerCase();
	if (language !== 'ar' && language !== 'en') {
		throw inputError(this, `Language must be "ar" or "en", got "${language}"`);
	}
	requestOptions.qs = { ...requestOptions.qs, language };
	return requestOptions;
}
