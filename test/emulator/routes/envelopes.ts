/**
 * Envelope creation (multipart, Base64, template, bulk), adding files,
 * cancellation and status.
 */
import { randomUUID } from 'node:crypto';
import { findTemplate } from '../fixtures';
import {
	ApiError,
	ZERO_GUID,
	type Fields,
	type Reply,
	fail,
	guidParam,
	invalid,
	isObject,
	objectBody,
	ok,
	optionalArray,
	optionalBool,
	optionalGuid,
	optionalString,
	pick,
	raise,
	requiredGuid,
	requirePdf,
} from '../http';
import { type ApiContext, type Route, api } from '../router';
import {
	type Account,
	type EmulatedEnvelope,
	type EmulatedSigner,
	type State,
	isActive,
	newSigner,
} from '../state';
import { decodePdf, notifyInvitation, parseDestinations, signingLink } from './common';

const creationData = (
	envelope: Pick<EmulatedEnvelope, 'documentId' | 'envelopeId'> & {
		referenceNumber: string | null;
	},
	destinations: unknown = null,
) => ({
	documentId: envelope.documentId,
	envelopeId: envelope.envelopeId,
	destinations,
	referenceNumber: envelope.referenceNumber,
	creatorFields: null,
});

const destinationView = (s: EmulatedSigner) => ({
	destinationId: s.destinationId,
	destinationName: s.name,
	destinationEmail: s.email,
	destinationPhoneNumber: s.phone,
	signeOrder: s.signeOrder,
	status: s.status,
});

/** The webhook must exist and belong to the caller's account. */
function checkWebhook(account: Account, webhookId: string | undefined, field: string): void {
	if (webhookId && !account.webhooks.some((w) => w.id === webhookId)) {
		invalid(field, `No webhook '${webhookId}' is registered for this account.`);
	}
}

/** errorCode 227: reference numbers are unique per account, so a retried create cannot duplicate. */
function checkReference(state: State, account: Account, reference: string | undefined): void {
	if (reference && state.referenceTaken(account, reference))
		raise(227, 'DuplicatedReferenceNumber');
}

function checkFileId(state: State, fileId: string | undefined, field: string): void {
	if (fileId && state.documentIdTaken(fileId))
		invalid(field, `A document with id '${fileId}' already exists.`);
}

const fileContentRequired = (): never => raise(400, 'File content is required', { status: 400 });

/**
 * Multipart parameters may arrive as form fields or in the query string (the
 * spec does not say where): form first, then query, both case-insensitive.
 */
function multipartParams(ctx: ApiContext, names: string[]): Fields {
	const out: Fields = {};
	for (const name of names) {
		let value = pick(ctx.req.body, name);
		if (Array.isArray(value)) value = value[0];
		if (value === undefined) value = pick(ctx.req.query, name);
		if (value !== undefined) out[name] = value;
	}
	return out;
}

/** POST /api/v1/envelopes/initiate (multipart). Every part with a filename is a document. */
function initiate(ctx: ApiContext): Reply {
	const { state } = ctx.core;
	if (ctx.req.files.length === 0) {
		return fail(116, 'FileNotFoundInRequest', {
			status: 400,
			data: creationData({ documentId: ZERO_GUID, envelopeId: ZERO_GUID, referenceNumber: null }),
		});
	}
	const params = multipartParams(ctx, [
		'FileId',
		'WebhookId',
		'WorkflowId',
		'ReferenceNumber',
		'Password',
		'IsForExternalWorkFlow',
	]);
	const fileId = optionalGuid(params, 'FileId');
	const webhookId = optionalGuid(params, 'WebhookId');
	const isForExternalWorkFlow = optionalBool(params, 'IsForExternalWorkFlow');
	const reference = optionalString(params, 'ReferenceNumber') || undefined;
	ctx.req.files.forEach((f) => requirePdf(f.data, f.field, f.fileName));
	checkWebhook(ctx.account, webhookId, 'WebhookId');
	checkFileId(state, fileId, 'FileId');
	checkReference(state, ctx.account, reference);
	const envelope = state.createEnvelope(ctx.account, {
		files: ctx.req.files.map((f, i) => ({
			fileName: f.fileName,
			data: f.data,
			fileId: i === 0 ? fileId : undefined,
		})),
		referenceNumber: reference,
		webhookId,
		workflowId: optionalString(params, 'WorkflowId') || null,
		password: optionalString(params, 'Password') || null,
		isForExternalWorkFlow,
	});
	return ok(creationData(envelope));
}

/**
 * Where initiate-base64 takes its document: the spec's `files` object; the live sandbox's `File`, refusing `files` with
 * errorCode 8 "File is required field" (docs/service-api.md#spec-and-live-service). The key is exact in each profile.
 */
function base64FileObject(ctx: ApiContext, body: Fields): unknown {
	const key = ctx.core.state.profile === 'live' ? 'File' : 'files';
	const value = Object.prototype.hasOwnProperty.call(body, key) ? body[key] : undefined;
	if (ctx.core.state.profile === 'live' && (value === undefined || value === null)) {
		return raise8({ File: ['File is required field'] });
	}
	return value;
}

/** errorCode 8 as the live sandbox sends it: HTTP 200, the field problems in stateValidationErrors. */
const raise8 = (errors: Record<string, string[]>): never => {
	throw new ApiError(fail(8, 'ValidationError', { stateValidationErrors: errors }));
};

/** POST /api/v1/envelopes/initiate-base64: `files` object per the spec, `File` per the live service. */
function initiateBase64(ctx: ApiContext): Reply {
	const { state } = ctx.core;
	const body = objectBody(ctx.req.body);
	const fileObject = base64FileObject(ctx, body);
	const entry = Array.isArray(fileObject) ? fileObject[0] : fileObject;
	const content = isObject(entry) ? pick(entry, 'file') : undefined;
	if (typeof content !== 'string' || content.trim() === '') return fileContentRequired();
	const fileName = optionalString(entry, 'fileName') || 'document.pdf';
	const fileId = optionalGuid(entry, 'fileId');
	const webhookId = optionalGuid(body, 'webhookId');
	const reference = optionalString(body, 'referenceNumber') || undefined;
	const data = decodePdf(content, 'files.file', fileName);
	checkWebhook(ctx.account, webhookId, 'webhookId');
	checkFileId(state, fileId, 'files.fileId');
	checkReference(state, ctx.account, reference);
	const envelope = state.createEnvelope(ctx.account, {
		files: [{ fileName, data, fileId }],
		referenceNumber: reference,
		webhookId,
		workflowId: optionalString(body, 'workflowId') || null,
	});
	return ok(creationData(envelope));
}

/** POST /api/v1/envelopes/initiate-by-template (multipart fields templateId, userOnlySigner, webhookId). */
function initiateByTemplate(ctx: ApiContext): Reply {
	const { state } = ctx.core;
	const params = multipartParams(ctx, [
		'templateId',
		'userOnlySigner',
		'webhookId',
		'referenceNumber',
	]);
	const templateId = requiredGuid(params, 'templateId');
	const userOnlySigner = optionalBool(params, 'userOnlySigner') ?? false;
	const webhookId = optionalGuid(params, 'webhookId');
	const template = findTemplate(templateId);
	if (!template) raise(404, 'Template not found', { status: 404 });
	checkWebhook(ctx.account, webhookId, 'webhookId');
	const reference = optionalString(params, 'referenceNumber') || undefined;
	checkReference(state, ctx.account, reference);
	const envelope = state.createEnvelope(ctx.account, {
		files: [{ fileName: template.fileName, data: template.pdf }],
		referenceNumber: reference,
		webhookId,
		templateId: template.id,
	});
	// userOnlySigner: the account user signs alone instead of the template's destinations.
	const username = ctx.account.credentials.username;
	envelope.signers = userOnlySigner
		? [newSigner({ name: username, email: username.includes('@') ? username : '', signeOrder: 1 })]
		: template.destinations.map((d) =>
				newSigner({ name: d.name, email: d.email, phone: d.phone, signeOrder: d.signeOrder }),
			);
	return ok(creationData(envelope, envelope.signers.map(destinationView)));
}

/** POST /api/v1/envelopes/bulk/initiate-base64: one envelope holding several documents. */
function bulkInitiateBase64(ctx: ApiContext): Reply {
	const { state } = ctx.core;
	const body = objectBody(ctx.req.body);
	const files = optionalArray(body, 'files') ?? [];
	if (files.length === 0) raise(400, 'At least one envelope is required', { status: 400 });
	const decoded = files.map((f, i) => {
		const content = pick(f, 'file');
		if (typeof content !== 'string' || content.trim() === '') return fileContentRequired();
		const fileName = optionalString(f, 'fileName') || `document-${i + 1}.pdf`;
		return { fileName, data: decodePdf(content, `files[${i}].file`, fileName) };
	});
	const webhookId = optionalGuid(body, 'webhookId');
	checkWebhook(ctx.account, webhookId, 'webhookId');
	const reference = optionalString(body, 'referenceNumber') || undefined;
	checkReference(state, ctx.account, reference);
	const envelope = state.createEnvelope(ctx.account, {
		files: decoded,
		referenceNumber: reference,
		webhookId,
		workflowId: optionalString(body, 'workflowId') || null,
	});
	return ok({
		envelopeId: envelope.envelopeId,
		bulkFileResponse: envelope.files.map((f) => ({
			documentId: f.fileId,
			documentName: f.fileName,
			referenceNumber: envelope.referenceNumber,
		})),
		destinations: null,
	});
}

/**
 * POST /api/v1/envelopes/bulk/initiate-and-invite. The success payload is not
 * shown by the spec; the emulator answers
 * {envelopeId, documentId, referenceNumber, destinations: [{destinationId, destinationName, destinationEmail, status}]}.
 */
function bulkInitiateAndInvite(ctx: ApiContext): Reply {
	const { state } = ctx.core;
	const body = objectBody(ctx.req.body);
	const files = optionalArray(body, 'Files') ?? [];
	if (files.length === 0) return fileContentRequired();
	const decoded = files.map((f, i) => {
		const content = pick(f, 'File');
		if (typeof content !== 'string' || content.trim() === '') return fileContentRequired();
		const fileName = optionalString(f, 'fileName') || `document-${i + 1}.pdf`;
		return { fileName, data: decodePdf(content, `Files[${i}].File`, fileName) };
	});
	const rawDestinations = optionalArray(body, 'Destinations') ?? [];
	if (rawDestinations.length === 0) raise(100, 'GeneralError');
	const signers = parseDestinations(rawDestinations, 'Destinations');
	const webhookId = optionalGuid(body, 'WebhookId');
	checkWebhook(ctx.account, webhookId, 'WebhookId');
	const reference = optionalString(body, 'ReferenceNumber') || undefined;
	checkReference(state, ctx.account, reference);
	const saveAsDraft = optionalBool(body, 'SaveAsDraft') ?? false;
	const sendUserInvitation = optionalBool(body, 'SendUserInvitation') ?? true;
	const isReturnUrl = optionalBool(body, 'IsReturnUrl') ?? false;
	const envelope = state.createEnvelope(ctx.account, {
		files: decoded,
		referenceNumber: reference,
		webhookId,
	});
	envelope.invitationMessage = optionalString(body, 'InvitationMessage') ?? null;
	envelope.invitationSubject = optionalString(body, 'InvitationSubject') ?? null;
	envelope.signers = signers;
	// A draft keeps its invitations unsent; otherwise the invitations go out now.
	if (!saveAsDraft) {
		envelope.invitationsSent = true;
		for (const signer of signers) {
			if (sendUserInvitation)
				notifyInvitation(ctx.core, envelope, signer, 'bulk/initiate-and-invite');
			else signer.invited = true;
		}
	}
	return ok(
		{
			envelopeId: envelope.envelopeId,
			documentId: envelope.documentId,
			referenceNumber: envelope.referenceNumber,
			destinations: signers.map((s) => ({
				destinationId: s.destinationId,
				destinationName: s.name,
				destinationEmail: s.email,
				status: s.status,
			})),
		},
		{ returnUrl: isReturnUrl ? `/dashboard/envelopes/${envelope.envelopeId}` : null },
	);
}

function ownEnvelope(ctx: ApiContext, envelopeId: string): EmulatedEnvelope {
	const envelope = ctx.core.state.envelopeOf(ctx.account, guidParam(envelopeId, 'envelopeId'));
	if (!envelope) raise(404, 'EnvelopeNotFound', { status: 404 });
	return envelope;
}

/** POST /api/v1/envelopes/{envelopeId}/files (multipart): only before invitations went out. */
function addFiles(ctx: ApiContext): Reply {
	const envelope = ownEnvelope(ctx, ctx.params.envelopeId);
	if (ctx.req.files.length === 0) return fail(116, 'FileNotFoundInRequest', { status: 400 });
	if (!isActive(envelope) || envelope.invitationsSent) raise(100, 'GeneralError');
	ctx.req.files.forEach((f) => requirePdf(f.data, f.field, f.fileName));
	for (const f of ctx.req.files) {
		envelope.files.push({ fileId: randomUUID(), fileName: f.fileName, data: f.data });
	}
	return ok(true);
}

/** POST /api/v1/envelopes/{envelopeId}/cancel with body {envelopId} (spelled so). */
function cancel(ctx: ApiContext): Reply {
	const body = objectBody(ctx.req.body);
	const bodyId = requiredGuid(body, 'envelopId');
	const pathId = guidParam(ctx.params.envelopeId, 'envelopeId');
	if (bodyId !== pathId)
		invalid('envelopId', 'The envelopId in the body must match the envelope id in the path.');
	const envelope = ownEnvelope(ctx, pathId);
	if (envelope.status === 'Cancelled') return ok(true);
	if (!isActive(envelope)) return fail(100, 'GeneralError', { status: 400 });
	envelope.status = 'Cancelled';
	// Pending signers who were invited hear about the cancellation.
	for (const signer of envelope.signers.filter((s) => s.status === 'Pending' && s.invited)) {
		notifyCancellation(ctx, envelope, signer);
	}
	return ok(true);
}

function notifyCancellation(
	ctx: ApiContext,
	envelope: EmulatedEnvelope,
	signer: EmulatedSigner,
): void {
	ctx.core.state.notifications.push({
		kind: 'cancellation',
		via: 'cancel',
		channel: signer.email ? 'email' : 'sms',
		to: signer.email || signer.phone,
		envelopeId: envelope.envelopeId,
		documentId: envelope.documentId,
		destinationId: signer.destinationId,
		subject: null,
		message: null,
		link: null,
		at: new Date(),
	});
}

/** GET /api/v1/envelopes/{envelopeId}/status. An id the account does not own: errorCode 0, data null (observed). */
function envelopeStatus(ctx: ApiContext): Reply {
	const id = guidParam(ctx.params.envelopeId, 'envelopeId');
	const envelope = ctx.core.state.envelopeOf(ctx.account, id);
	if (!envelope) return ok(null);
	const lagging = envelope.statusBefore && Date.now() < envelope.statusBefore.until;
	const status = lagging ? envelope.statusBefore!.status : envelope.status;
	if (ctx.core.state.profile === 'live') return ok({ ...liveStatus(ctx, envelope), status });
	return ok({
		envelopeId: envelope.envelopeId,
		status,
		createdAt: envelope.createdAt.toISOString(),
		signers: [...envelope.signers]
			.sort((a, b) => a.signeOrder - b.signeOrder)
			.map((s) => ({
				name: s.name,
				email: s.email,
				status: s.status,
				signedAt: s.signedAt?.toISOString() ?? null,
			})),
	});
}

/** Signer states as the live sandbox's status answer spells them. */
const LIVE_SIGNER_STATUS = { Pending: 'PENDING', Signed: 'SIGNED', Rejected: 'REJECTED' } as const;

/**
 * The status as the live sandbox answered it (docs/service-api.md#spec-and-live-service): `id`, `signatories` with
 * `fullName`, `signOrder`, `lastActionDate` and a signing link minted on every call, `documents`, and the account itself
 * listed first as a signatory that has already signed.
 */
function liveStatus(ctx: ApiContext, envelope: EmulatedEnvelope) {
	const minted = () => `${ctx.core.url}/s/${randomUUID().slice(0, 8)}`;
	const account = ctx.account.credentials;
	return {
		id: envelope.envelopeId,
		status: envelope.status,
		signatories: [
			{
				id: randomUUID(),
				status: 'SIGNED',
				fullName: account.username,
				email: account.username,
				signOrder: 0,
				lastActionDate: envelope.createdAt.toISOString(),
				signingUrl: minted(),
			},
			...[...envelope.signers]
				.sort((a, b) => a.signeOrder - b.signeOrder)
				.map((s) => ({
					id: s.destinationId,
					status: LIVE_SIGNER_STATUS[s.status],
					fullName: s.name,
					email: s.email,
					signOrder: s.signeOrder,
					lastActionDate: s.signedAt?.toISOString() ?? null,
					signingUrl: s.status === 'Pending' ? signingLink(ctx.core, envelope, s) : null,
				})),
		],
		documents: envelope.files.map((f) => ({
			id: f.fileId,
			isSigned: envelope.status === 'Completed',
		})),
	};
}

export const envelopeRoutes: Route[] = [
	api('POST', '/api/v1/envelopes/initiate', 'multipart', initiate),
	api('POST', '/api/v1/envelopes/initiate-base64', 'json', initiateBase64),
	api('POST', '/api/v1/envelopes/initiate-by-template', 'multipart', initiateByTemplate),
	api('POST', '/api/v1/envelopes/bulk/initiate-base64', 'json', bulkInitiateBase64),
	api('POST', '/api/v1/envelopes/bulk/initiate-and-invite', 'json', bulkInitiateAndInvite),
	api('POST', '/api/v1/envelopes/:envelopeId/files', 'multipart', addFiles),
	api('POST', '/api/v1/envelopes/:envelopeId/cancel', 'json', cancel),
	api('GET', '/api/v1/envelopes/:envelopeId/status', 'none', envelopeStatus),
];
