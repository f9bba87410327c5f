import type {
	IBinaryKeyData,
	IDataObject,
	INodeExecutionData,
	IWebhookFunctions,
} from 'n8n-workflow';

import type { Callback } from './callback';
import { type ConfirmedFile, documentIdsOf, type ServiceEvent } from './confirmation';
import { isPlainObject, PROTOTYPE_KEYS } from '../fields/json';
import { decodeBase64, detectMimeType, fileNameFor } from '../files/bytes';
import {
	CALLBACK_AUTHENTICATION_NAMES,
	CALLBACK_STATUSES,
	CORRECTED_FIELD_NAMES,
} from '../fields/enums';
import { rebuilt } from '../service/depth';
import { isAccountSigner, signerStatusWord, withDocumentIds } from '../service/envelopeStatus';

// What the service cannot confirm goes under `callbackClaims`, so that no workflow takes it for fact.

interface EventItemOptions {
	downloadFiles: boolean;
	keepBase64: boolean;
	simplify: boolean;
	acceptCallbackFiles: boolean;
}

const UNCONFIRMED_FILES_NOTE =
	"The service's status answer names no documents, so the callback's files could not be compared with the signed " +
	'documents the service holds, and are not output. Download the signed file with E-Signature → Document → ' +
	"Download Signed and its document ID (Create's output names it), or turn on Options → Accept Callback Files " +
	'as Sent.';

// The service's own misspellings, corrected in the simplified item.
const FRIENDLY_NAMES: Record<string, string> = {
	...CORRECTED_FIELD_NAMES,
	Signatory: 'signers',
	ReferenceNumber: 'referenceNumber',
};

function camelCase(key: string) {
	return Object.hasOwn(FRIENDLY_NAMES, key)
		? FRIENDLY_NAMES[key]
		: key.charAt(0).toLowerCase() + key.slice(1);
}

// A callback's value in the item's words: Status 1 as "Completed", a signer's status as "Signed".
function claimWord(key: string, value: unknown): unknown {
	const names = CALLBACK_AUTHENTICATION_NAMES;
	if (key === 'AuthenticationType')
		return typeof value === 'string' && Object.hasOwn(names, value) ? names[value] : value;
	if (key !== 'Status') return value;
	if (typeof value !== 'number') return signerStatusWord(value);
	const event = Object.hasOwn(CALLBACK_STATUSES, value) ? CALLBACK_STATUSES[value] : undefined;
	return event ? event.charAt(0).toUpperCase() + event.slice(1) : value;
}

function cleaned(value: unknown, simplify: boolean): unknown {
	const name = (key: string) => (simplify ? camelCase(key) : key);
	const object = (copy: IDataObject) =>
		Object.fromEntries(
			Object.entries(copy)
				.filter(
					([key, entry]) =>
						!(simplify && (entry === null || entry === undefined)) &&
						!PROTOTYPE_KEYS.has(name(key)),
				)
				.map(([key, entry]) => [name(key), simplify ? claimWord(key, entry) : entry]),
		);
	return rebuilt(value, (leaf) => leaf, object);
}

// So that a flow writing to every signer can leave the account's own entry out.
function markedAccount(signers: unknown): unknown[] {
	if (!Array.isArray(signers)) return [];
	return signers.map((signer) =>
		isAccountSigner(signer) ? { ...(signer as IDataObject), isAccount: true } : signer,
	);
}

// Signing links are live credentials of each signer.
function withoutSigningUrls(record: IDataObject) {
	const result = { ...record };
	for (const name of ['signers', 'signatories'])
		if (Array.isArray(record[name]))
			result[name] = (record[name] as unknown[]).map((entry) => {
				if (!isPlainObject(entry)) return entry;
				const rest = { ...entry };
				delete rest.signingUrl;
				return rest;
			});
	return result;
}

function claimsOf(callback: Callback | undefined, simplify: boolean, keepFiles: boolean) {
	const claims: IDataObject = { ...callback?.payload };
	delete claims.RequestId;
	const files = Array.isArray(claims.Files) ? claims.Files : [];
	if (keepFiles)
		claims.Files = files.map((file) => (isPlainObject(file) ? { FileName: file.FileName } : file));
	else delete claims.Files;
	return cleaned(claims, simplify) as IDataObject;
}

type OutputFile = Omit<ConfirmedFile, 'documentId'> & { documentId?: string };

type ItemContext = { helpers: Pick<IWebhookFunctions['helpers'], 'prepareBinaryData'> };

async function outputFiles(context: ItemContext, files: OutputFile[], options: EventItemOptions) {
	const binary: IBinaryKeyData = {};
	const summaries: IDataObject[] = [];
	for (const file of files) {
		// The signed file is a PDF by the spec, but the live service has been seen sending ZIPs: trust the bytes.
		const detected = detectMimeType(file.bytes);
		const known = detected.mimeType !== 'application/octet-stream';
		const mimeType = known ? detected.mimeType : 'application/pdf';
		// No path, which a workflow writing files by the name would follow.
		const fileName = fileNameFor(
			file.fileName,
			`signed-document-${file.index + 1}`,
			known ? detected.extension : undefined,
			'pdf',
		);
		const summary: IDataObject = {
			...(file.documentId ? { documentId: file.documentId } : {}),
			fileName,
			mimeType,
			fileSize: file.bytes.length,
		};
		if (options.downloadFiles) {
			const property = `file_${file.index}`;
			binary[property] = await context.helpers.prepareBinaryData(file.bytes, fileName, mimeType);
			summary.binaryProperty = property;
		}
		if (options.keepBase64 || !options.downloadFiles) summary.file = file.bytes.toString('base64');
		summaries.push(summary);
	}
	return { binary, summaries };
}

// A fetched event has no callback: nothing is claimed.
export async function eventItem(
	context: ItemContext,
	callback: Callback | undefined,
	confirmed: ServiceEvent,
	extra: IDataObject,
	options: EventItemOptions,
): Promise<INodeExecutionData> {
	const unconfirmed = confirmed.event === 'completed' && confirmed.files === undefined;
	const acceptedAsSent =
		!!callback &&
		unconfirmed &&
		documentIdsOf(confirmed.record).length === 0 &&
		options.acceptCallbackFiles &&
		callback.files.length > 0;
	const files =
		confirmed.files ??
		(acceptedAsSent ? callback.files : []).flatMap(({ index, fileName, base64 }) => {
			const bytes = decodeBase64(base64);
			return bytes ? [{ index, fileName, bytes }] : [];
		});
	const { binary, summaries } = await outputFiles(context, files, options);
	const record = withoutSigningUrls(confirmed.record);
	const note = unconfirmed && !acceptedAsSent ? { filesNote: UNCONFIRMED_FILES_NOTE } : {};
	const head = { event: confirmed.event, envelopeId: confirmed.envelopeId };
	const body = cleaned(
		options.simplify
			? {
					status: record.status,
					signers: markedAccount(record.signers),
					...(Array.isArray(record.documents)
						? { documents: withDocumentIds(record).documents }
						: {}),
				}
			: record,
		options.simplify,
	) as IDataObject;
	const json = {
		...head,
		...body,
		...head,
		...extra,
		files: summaries,
		filesConfirmed: confirmed.files !== undefined,
		...note,
		callbackClaims: claimsOf(callback, options.simplify, !acceptedAsSent),
	};
	return Object.keys(binary).length ? { json, binary } : { json };
}
