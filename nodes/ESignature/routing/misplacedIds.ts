import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { type IdKind, type MisplacedId, isServiceWrapper } from '../service/errors';
import { callService } from '../service/transport';
import { isGuid } from '../fields/validation';

/*
 * A create outputs envelopeId and documentId side by side, and the service answers either, given where the other
 * belongs, with "not found". After such an answer (never before: the happy path sends nothing more), one read asks the
 * service what the ID is, so that the error can say which ID to use (docs/service-api.md#decisions).
 */

/** The labels of the two ID fields: an operation showing one of them takes that one ID (resources/index.ts). */
const ID_KINDS: Record<string, IdKind> = { 'Envelope ID': 'envelope', 'Document ID': 'document' };

/** The one envelope or document ID an operation takes: its parameter, the label the editor shows, its kind. */
export interface IdField {
	parameter: string;
	field: string;
	kind: IdKind;
}

/** The field of these (an operation's, as its file lists them) that takes an envelope or document ID, if any. */
export function idFieldOf(fields: readonly INodeProperties[]): IdField | undefined {
	const field = fields.find(({ displayName }) => Object.hasOwn(ID_KINDS, displayName));
	return (
		field && { parameter: field.name, field: field.displayName, kind: ID_KINDS[field.displayName] }
	);
}

/** A document is read no further than this: an error answer is a few hundred bytes, any PDF is longer. */
const DOCUMENT_PEEK_BYTES = 16 * 1024;
/** The most document IDs of an envelope an error names. */
const MAX_NAMED_DOCUMENTS = 5;

/** Whether the service holds a document with this ID: its download answers a file, not a wrapper. */
async function isDocument(context: IExecuteSingleFunctions, id: string): Promise<boolean> {
	const answer = await callService(context, {
		method: 'GET',
		path: `/api/v1/documents/${encodeURIComponent(id)}`,
		maxAnswerBytes: DOCUMENT_PEEK_BYTES,
	});
	return answer.cut === true || (answer.statusCode < 400 && !isServiceWrapper(answer.body));
}

/** The envelope with this ID, by its status, with its document IDs when the answer names them (the live form). */
async function envelopeDocuments(
	context: IExecuteSingleFunctions,
	id: string,
): Promise<string[] | undefined> {
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
		.filter(
			(documentId): documentId is string => typeof documentId === 'string' && isGuid(documentId),
		)
		.slice(0, MAX_NAMED_DOCUMENTS);
}

/** What the ID the service did not find is, when it knows it as the other kind; else (or if asking fails) undefined. */
export async function misplacedId(
	context: IExecuteSingleFunctions,
	{ parameter, field, kind }: IdField,
): Promise<MisplacedId | undefined> {
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
