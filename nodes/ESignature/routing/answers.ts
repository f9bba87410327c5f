import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { CORRECTED_FIELD_NAMES, NAMED_OUTPUT_FIELDS } from '../fields/enums';
import {
	type FileStream,
	decodeBase64,
	detectMimeType,
	FILE_SIGNATURE_BYTES,
	fileNameFor,
	isBase64Code,
	isFileStream,
	peekStream,
	readUpTo,
} from '../files/bytes';
import { MAX_ANSWER_DEPTH } from '../service/depth';
import { isServiceWrapper, missingFileError, notFoundError, parseBody } from '../service/errors';
import { brokenAnswerError, readServiceAnswer } from '../service/readAnswer';
import { failed, withAnswerJson } from '../service/errorItems';
import { runsAsTool } from '../service/asTool';
import { storedFileSize } from '../service/n8n1';
import { binaryPropertyName } from '../files/read';
import { toText } from '../fields/validation';
import { sentReferenceOf } from './idempotency';

export type AnswerHook = (
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	response: IN8nHttpFullResponse,
) => Promise<INodeExecutionData[]>;

function pair(
	context: IExecuteSingleFunctions,
	json: IDataObject,
	binary?: INodeExecutionData['binary'],
) {
	return { json, ...(binary ? { binary } : {}), pairedItem: { item: context.getItemIndex() } };
}

export const readAnswer = async (
	context: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
) => await readServiceAnswer(context, response, { sentReference: () => sentReferenceOf(context) });

type ModelContext = Pick<IExecuteSingleFunctions, 'getNode' | 'getNodeParameter'>;

export const keepWrapper = (context: ModelContext) =>
	context.getNodeParameter('options.includeResponseWrapper', false) as boolean;

function itemsFromData(context: IExecuteSingleFunctions, body: unknown) {
	const wrapped = isServiceWrapper(body);
	if (keepWrapper(context) && wrapped) return [pair(context, body as unknown as IDataObject)];
	const data = wrapped ? body.data : body;
	const message = wrapped ? body.message : undefined;
	const json = (value: unknown) =>
		(typeof value === 'object' && value !== null ? value : { value }) as IDataObject;
	if (Array.isArray(data)) return data.map((entry) => pair(context, json(entry)));
	// Answers whose contract is `data: true` can say false without an error code.
	if (typeof data === 'boolean' || data === null || data === undefined || data === '')
		return [pair(context, { success: data !== false, ...(message ? { message } : {}) })];
	return [pair(context, json(data))];
}

export const unwrapResponse: AnswerHook = async function (_items, response) {
	const { body, errorItems } = await readAnswer(this, response);
	return errorItems ?? itemsFromData(this, body);
};

// The service answers an unknown ID with `data: null` and no error code.
export const unwrapFoundResponse: AnswerHook = async function (_items, response) {
	const { body, errorItems } = await readAnswer(this, response);
	if (errorItems) return errorItems;
	if (isServiceWrapper(body) && (body.data === null || body.data === undefined))
		return failed(this, notFoundError(this));
	return itemsFromData(this, body);
};

// Lists and their entries stay, even empty, so that a loop or `.length` over them keeps working.
function simplified(value: unknown, field?: string, depth = 0): unknown {
	if (typeof value === 'number' && field !== undefined && Object.hasOwn(NAMED_OUTPUT_FIELDS, field))
		return NAMED_OUTPUT_FIELDS[field].find((option) => option.value === value)?.name ?? value;
	if (typeof value !== 'object' || value === null) return value ?? undefined;
	if (depth >= MAX_ANSWER_DEPTH) return value;
	if (Array.isArray(value))
		return value.map((entry) => simplified(entry, undefined, depth + 1) ?? null);
	const entries = Object.entries(value);
	const kept = entries
		.map(
			([key, entry]) =>
				[
					Object.hasOwn(CORRECTED_FIELD_NAMES, key) ? CORRECTED_FIELD_NAMES[key] : key,
					simplified(entry, key, depth + 1),
				] as const,
		)
		.filter(([, entry]) => entry !== undefined && entry !== '');
	return entries.length > 0 && kept.length === 0 ? undefined : Object.fromEntries(kept);
}

export const simplifies = (context: IExecuteSingleFunctions) =>
	(context.getNodeParameter('simplify', true) as boolean) && !keepWrapper(context);

export const simplifyOutput: AnswerHook = async function (items) {
	return simplifies(this) ? withAnswerJson(items, (json) => simplified(json) ?? {}) : items;
};

// Base64 this long is file content, which a model cannot use.
const MIN_BASE64_BLOB = 256;
const MAX_TEXT_FOR_MODEL = 2000;

function isBase64Blob(text: string) {
	if (text.length < MIN_BASE64_BLOB) return false;
	// A loop, not a regex: the text is the service's and unbounded.
	for (let index = 0; index < text.length; index++) {
		const code = text.charCodeAt(index);
		const padding = code === 61 && index >= text.length - 2;
		if (!isBase64Code(code) && !padding && code !== 10 && code !== 13) return false;
	}
	return true;
}

function trimmedForModel(value: unknown, depth = 0): unknown {
	if (typeof value === 'string') {
		if (isBase64Blob(value))
			return `[file left out: ${value.length} characters of Base64, not passed to AI tools]`;
		if (value.length <= MAX_TEXT_FOR_MODEL) return value;
		return `${value.slice(0, MAX_TEXT_FOR_MODEL)}… [${value.length - MAX_TEXT_FOR_MODEL} more characters left out]`;
	}
	if (typeof value !== 'object' || value === null || depth >= MAX_ANSWER_DEPTH) return value;
	if (Array.isArray(value)) return value.map((entry) => trimmedForModel(entry, depth + 1));
	return Object.fromEntries(
		Object.entries(value).map(([key, entry]) => [key, trimmedForModel(entry, depth + 1)]),
	);
}

const simplifiesForModel = (context: ModelContext) =>
	runsAsTool(context) && (context.getNodeParameter('simplify', true) as boolean);

export function itemsForModel(context: ModelContext, items: INodeExecutionData[]) {
	if (!simplifiesForModel(context)) return items;
	const wrapped = keepWrapper(context);
	return withAnswerJson(items, (json) =>
		trimmedForModel(wrapped ? json : (simplified(json) ?? {})),
	);
}

export function outputBinaryField(context: IExecuteSingleFunctions) {
	const name = context.getNodeParameter('binaryPropertyName', 'data');
	return binaryPropertyName(context, name, 'Put Output File in Field') || 'data';
}

type FileSource = Parameters<IExecuteSingleFunctions['helpers']['prepareBinaryData']>[0];

// n8n passes no binary data to a model.
export const FILE_NOT_FOR_TOOLS =
	"Not passed to AI tools: a model gets the file's details only. Use this operation in a workflow to get the file.";

async function sizeOf(stream: FileStream, knownSize: number | undefined) {
	if (knownSize !== undefined) {
		stream.destroy?.();
		return knownSize;
	}
	let size = 0;
	for await (const chunk of stream) size += chunk.length;
	return size;
}

// A stream comes with its first bytes, already read, and the size its answer declares.
async function toBinaryItem(
	context: IExecuteSingleFunctions,
	json: IDataObject,
	suggestedName: string | undefined,
	fallbackName: string,
	data: FileSource,
	head = data as Buffer,
	streamSize?: number,
) {
	const { mimeType, extension } = detectMimeType(head);
	const chosenName = toText(context.getNodeParameter('options.fileName', ''));
	const fileName = fileNameFor(chosenName || suggestedName, fallbackName, extension);
	const size = Buffer.isBuffer(data) ? data.length : undefined;
	if (simplifiesForModel(context)) {
		const fileSize = size ?? (await sizeOf(data as unknown as FileStream, streamSize));
		return pair(context, { ...json, fileName, mimeType, fileSize, file: FILE_NOT_FOR_TOOLS });
	}
	const property = outputBinaryField(context);
	const binary = await context.helpers.prepareBinaryData(data, fileName, mimeType);
	const fileSize = size ?? storedFileSize(binary, streamSize);
	return pair(
		context,
		{ ...json, fileName, mimeType, ...(fileSize !== undefined ? { fileSize } : {}) },
		{ [property]: binary },
	);
}

function fileNameFromDisposition(header: unknown) {
	const value = Array.isArray(header) ? header[0] : header;
	if (typeof value !== 'string') return undefined;
	const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(value);
	if (encoded) {
		try {
			return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
		} catch {
			return undefined;
		}
	}
	return /filename="?([^";]+)"?/i.exec(value)?.[1]?.trim();
}

export const MAX_JSON_ANSWER_BYTES = 1024 * 1024;

export const fileResponseToBinary: AnswerHook = async function (_items, response) {
	const body = response.body as unknown;
	if (
		response.statusCode >= 400 ||
		String(response.headers['content-type'] ?? '').includes('json')
	) {
		// errorCode 0 without data: an ID the account does not own.
		const bytes = isFileStream(body)
			? await readUpTo(body as FileStream, MAX_JSON_ANSWER_BYTES)
			: (body as Buffer);
		if (bytes === undefined)
			return failed(
				this,
				brokenAnswerError(
					this,
					'ANSWER_TOO_LONG',
					`The service answered the download with JSON longer than ${MAX_JSON_ANSWER_BYTES / 1024 / 1024} MiB ` +
						`instead of the file`,
					'An error answer is a few hundred bytes: this one was not read on. Try again; if it persists, the ' +
						'service is failing.',
				),
			);
		const { body: answer, errorItems } = await readAnswer(this, {
			...response,
			body: parseBody(bytes) as IN8nHttpFullResponse['body'],
		});
		if (errorItems) return errorItems;
		return failed(
			this,
			isServiceWrapper(answer) && answer.data
				? await missingFileError(this, answer)
				: notFoundError(this),
		);
	}
	const documentId = this.getNodeParameter('documentId', '') as string;
	const name = fileNameFromDisposition(response.headers['content-disposition']);
	const item = async (data: FileSource, head?: Buffer, size?: number) => [
		await toBinaryItem(this, { documentId }, name, documentId || 'document', data, head, size),
	];
	if (!isFileStream(body))
		return await item(Buffer.isBuffer(body) ? body : Buffer.from(body as ArrayBuffer));
	const { head, ended } = await peekStream(body, FILE_SIGNATURE_BYTES);
	// A stream cannot be given back what was read after its end.
	if (ended) return await item(head);
	const length = Number(response.headers['content-length']);
	return await item(
		body as unknown as FileSource,
		head,
		Number.isSafeInteger(length) ? length : undefined,
	);
};

export const base64ResponseToBinary: AnswerHook = async function (_items, response) {
	const { body, errorItems } = await readAnswer(this, response);
	if (errorItems) return errorItems;
	const data = isServiceWrapper(body) ? body.data : body;
	if (data === null || data === undefined) return failed(this, notFoundError(this));
	const file = typeof data === 'string' ? { file: data } : (data as IDataObject);
	const bytes = typeof file.file === 'string' ? decodeBase64(file.file) : undefined;
	if (!bytes) return failed(this, await missingFileError(this, body));
	const documentId = (this.getNodeParameter('documentId', '') as string) || undefined;
	const json: IDataObject = { ...(documentId ? { documentId } : {}), ...file };
	delete json.file;
	if (keepWrapper(this) && isServiceWrapper(body))
		Object.assign(json, { message: body.message, returnUrl: body.returnUrl });
	const name = file.fileName as string | undefined;
	return [await toBinaryItem(this, json, name, documentId ?? 'signed-document', bytes)];
};
