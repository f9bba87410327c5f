import type { IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';

import { buildSigners, signersProperties } from '../../fields/signers';

/** Fields both signing operations show, declared once. */

/** The signer details ("signres"): entered in four spellings (fields or JSON, labels or API names), so built here. */
export async function buildSignerList(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requestOptions.body = { ...(requestOptions.body as object), signres: buildSigners(this) };
	return requestOptions;
}

/** The signer details; each operation builds the list (buildSignerList) in its own routing. */
export const signerFields: INodeProperties[] = signersProperties();
