import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { buildSigners } from '../../shared/destinations';
import { inputError, requireGuid, toText } from '../../shared/validation';

/** Request builders of the direct signing operations. */

export async function buildSignBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.body = {
		documentId: requireGuid(this, this.getNodeParameter('documentId', ''), 'Document ID'),
		signres: buildSigners(this),
	};
	return requestOptions;
}

export async function buildSignByTemplateBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	const templateId = requireGuid(this, this.getNodeParameter('templateId', ''), 'Template ID');
	const signres = buildSigners(this);
	const entries = (this.getNodeParameter('templateFields.field', []) as IDataObject[]) ?? [];
	const templateFields = entries.map((entry, index) => {
		const fieldName = toText(entry.fieldName);
		if (!fieldName) throw inputError(this, `Template Fields, field ${index + 1}: Field Name is required`);
		return { fieldName, value: entry.value === undefined || entry.value === null ? '' : String(entry.value) };
	});
	const additional = this.getNodeParameter('additionalFields', {}) as IDataObject;
	const referenceNumber = toText(additional.referenceNumber);
	// The password is sent exactly as entered: spaces may be part of it.
	const password = String(additional.password ?? '');
	// ReferenceNumber and Password are capitalised as the interface has them.
	requestOptions.body = {
		templateId,
		signres,
		...(templateFields.length ? { templateFields } : {}),
		...(referenceNumber ? { ReferenceNumber: referenceNumber } : {}),
		...(password ? { Password: password } : {}),
	};
	return requestOptions;
}
