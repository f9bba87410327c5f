import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';

import { referenceToSend } from '../../routing/idempotency';
import { buildSigners } from '../../fields/signers';
import { inputError, requireGuid, secretOf, textOf } from '../../fields/validation';
import { MAX_LENGTH } from '../../../../credentials/text';

/** Request builders of the direct signing operations. */

export async function buildSignRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requestOptions.body = {
		documentId: requireGuid(this, this.getNodeParameter('documentId', ''), 'Document ID'),
		signres: buildSigners(this),
	};
	return requestOptions;
}

export async function buildSignByTemplateRequest(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	const templateId = requireGuid(this, this.getNodeParameter('templateId', ''), 'Template ID');
	const signres = buildSigners(this);
	const entries = (this.getNodeParameter('templateFields.field', []) as IDataObject[]) ?? [];
	const templateFields = entries.map((entry, index) => {
		const label = `Template Fields, field ${index + 1}`;
		const fieldName = textOf(this, entry.fieldName, `${label}: Field Name`);
		if (!fieldName) throw inputError(this, `${label}: Field Name is required`);
		// Values are sent as text; a checkbox's true or false from an expression as "true" or "false".
		const value =
			typeof entry.value === 'boolean'
				? String(entry.value)
				: textOf(this, entry.value, `${label}: Value`, MAX_LENGTH.longText, 'multi');
		return { fieldName, value };
	});
	const additional = (this.getNodeParameter('additionalFields', {}) as IDataObject) ?? {};
	// Signing by template creates an envelope: its reference number makes a retried run safe (routing/idempotency.ts).
	const referenceNumber = referenceToSend(this);
	// The password is sent exactly as entered: spaces may be part of it.
	const password = secretOf(this, additional.password, 'Document Password');
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
