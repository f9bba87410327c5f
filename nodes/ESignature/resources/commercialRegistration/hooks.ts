import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { inputError, requireText } from '../../shared/validation';

/** Request builder of the commercial registration check. */
export async function setCommercialNumberPath(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const commercialNumber = requireText(this, this.getNodeParameter('commercialNumber', ''), 'Commercial Registration Number');
	if (/[\s/?#]/.test(commercialNumber)) {
		throw inputError(this, `Commercial Registration Number must not contain spaces or slashes, got "${commercialNumber}"`);
	}
	const language = String(this.getNodeParameter('language', 'ar') || 'ar').trim().toLowerCase();
	if (language !== 'ar' && language !== 'en') {
		throw inputError(this, `Language must be "ar" or "en", got "${language}"`);
	}
	requestOptions.url = `/api/v2/kyb/check-cr/${encodeURIComponent(commercialNumber)}`;
	requestOptions.qs = { ...requestOptions.qs, language };
	return requestOptions;
}
