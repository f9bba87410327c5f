import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';

import { type IdKind, isServiceWrapper } from '../service/errors';
import { scrubbed, secretsInHand } from '../service/secrets';
import { callService } from '../service/transport';
import { ENVELOPE_ID_SOURCE, DOCUMENT_ID_SOURCE } from '../fields/builderHints';
import { isGuid, shown, toText } from '../fields/validation';
import { isPlainObject } from '../fields/json';

// After a not-found, one read says whether the ID given is of the other kind (a create outputs both side by side).

// A field that says where an envelope or document ID comes from takes one.
const ID_KINDS = new Map<string | undefined, IdKind>([
	[ENVELOPE_ID_SOURCE, 'envelope'],
	[DOCUMENT_ID_SOURCE, 'document'],
]);

export function idFieldFrom(field: INodeProperties) {
	const source = field.builderHint?.propertyHint;
	return {
		parameter: field.name,
		field: field.displayName,
		source,
		kind: ID_KINDS.get(source),
		locator: field.type === 'resourceLocator',
	};
}

export type IdField = ReturnType<typeof idFieldFrom>;

const idOf = (context: IExecuteSingleFunctions, { parameter, locator }: IdField) =>
	toText(context.getNodeParameter(parameter, '', { extractValue: locator }));

const SHOWN_ID_LENGTH = 64;

export async function givenId(context: IExecuteSingleFunctions, idField: IdField) {
	const secrets = await secretsInHand(context, context.getItemIndex());
	const id = shown(scrubbed(idOf(context, idField), secrets), SHOWN_ID_LENGTH);
	return { field: idField.field, id, source: idField.source };
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
	const { statusCode, body } = await callService(context, {
		method: 'GET',
		path: `/api/v1/envelopes/${encodeURIComponent(id)}/status`,
	});
	const failed = statusCode >= 400 || !isServiceWrapper(body) || Number(body.errorCode) !== 0;
	if (failed || !isPlainObject(body.data)) return undefined;
	const { documents } = body.data;
	return (Array.isArray(documents) ? documents : [])
		.map((document) => (document as IDataObject | null)?.id)
		.filter((id): id is string => typeof id === 'string' && isGuid(id))
		.slice(0, MAX_NAMED_DOCUMENTS);
}

export async function misplacedId(context: IExecuteSingleFunctions, idField: IdField) {
	const { field, kind } = idField;
	const id = idOf(context, idField);
	if (!kind || !isGuid(id)) return undefined;
	try {
		if (kind === 'envelope')
			return (await isDocument(context, id)) ? { field, id, expected: kind } : undefined;
		const documentIds = await envelopeDocuments(context, id);
		return documentIds ? { field, id, expected: kind, documentIds } : undefined;
	} catch {
		return undefined;
	}
}
