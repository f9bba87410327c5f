import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { type IdKind, isServiceWrapper } from '../service/errors';
import { callService } from '../service/transport';
import { isGuid } from '../fields/validation';

// A create outputs envelopeId and documentId side by side: the error after a not-found says which one was given.

const ID_KINDS: Record<string, IdKind> = { 'Envelope ID': 'envelope', 'Document ID': 'document' };

export interface IdField {
	parameter: string;
	field: string;
	kind: IdKind;
}

export function idFieldOf(fields: readonly INodeProperties[]) {
	const field = fields.find(({ displayName }) => Object.hasOwn(ID_KINDS, displayName));
	return (
		field && { parameter: field.name, field: field.displayName, kind: ID_KINDS[field.displayName] }
	);
}

// An error answer is a few hundred bytes, any PDF is longer.
const DOCUMENT_PEEK_BYTES = 16 * 1024;
const MAX_NAMED_DOCUMENTS = 5;

async function isDocument(context: IExecuteSingleFunctions, id: string) {
	const answer = await callService(context, {
		method: 'GET',
		path: `/api/v1/documents/${encodeURIComponent(id)}`,
		maxAnswerBytes: DOCUMENT_PEEK_BYTES,
	});
	return answer.cut === true || (answer.statusCode < 400 && !isServiceWrapper(answer.body));
}

// Only the live service's status names the envelope's documents.
async function envelopeDocuments(context: IExecuteSingleFunctions, id: string) {
	const answer = await callService(context, {
		method: 'GET',
		path: `/api/v1/envelopes/${encodeURIComponent(id)}/status`,
	});
	const body = answer.body;
	if (answer.statusCode >= 400 || !isServiceWrapper(body) || Number(body.errorCode) !== 0)
		return undefined;
	const data = body.data as IDataObject | null | undefined;
	if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
	const documents = Array.isArray(data.documents) ? (data.documents as unknown[]) : [];
	return documents
		.map((document) => (document as IDataObject | null)?.id)
		.filter((id): id is string => typeof id === 'string' && isGuid(id))
		.slice(0, MAX_NAMED_DOCUMENTS);
}

export async function misplacedId(
	context: IExecuteSingleFunctions,
	{ parameter, field, kind }: IdField,
) {
	const value = context.getNodeParameter(parameter, '');
	const id = typeof value === 'string' ? value.trim() : '';
	if (!isGuid(id)) return undefined;
	try {
		if (kind === 'envelope')
			return (await isDocument(context, id)) ? { field, id, expected: kind } : undefined;
		const documentIds = await envelopeDocuments(context, id);
		return documentIds ? { field, id, expected: kind, documentIds } : undefined;
	} catch {
		return undefined;
	}
}
