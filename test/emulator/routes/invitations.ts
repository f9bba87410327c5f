/**
 * Invitations v1 (send, bulk, per envelope, extend, reminders) and v2/v3 (links).
 * v1 and v3 "send" notifications (recorded in Emulator.notifications); v2 only
 * returns links.
 */
import {
	type Reply,
	arrayBody,
	fail,
	invalid,
	isObject,
	objectBody,
	ok,
	optionalArray,
	optionalString,
	pick,
	raise,
	requiredDate,
	requiredGuid,
	requiredString,
} from '../http';
import { type ApiContext, type Core, type Route, api } from '../router';
import { type EmulatedEnvelope, type EmulatedSigner, isActive, refreshStatus } from '../state';
import { notifyInvitation, parseDestinations, signingLink } from './common';

/** The envelope owning a document; invitation endpoints answer unknown documents with errorCode 404 on HTTP 200. */
function envelopeForDocument(ctx: ApiContext, documentId: string): EmulatedEnvelope {
	const found = ctx.core.state.documentOf(ctx.account, documentId);
	if (!found) raise(404, 'DocumentNotFound');
	if (!isActive(found.envelope)) raise(100, 'GeneralError');
	return found.envelope;
}

/** Adds signers to an envelope, reusing an existing signer with the same e-mail (or phone). */
function addSigners(envelope: EmulatedEnvelope, incoming: EmulatedSigner[]): EmulatedSigner[] {
	const result = incoming.map((signer) => {
		const same = envelope.signers.find((s) =>
			signer.email
				? s.email.toLowerCase() === signer.email.toLowerCase()
				: !!signer.phone && s.phone === signer.phone,
		);
		if (!same) {
			envelope.signers.push(signer);
			return signer;
		}
		// Re-inviting updates the invitation settings, not the identity.
		Object.assign(same, {
			signeOrder: signer.signeOrder,
			availableTo: signer.availableTo ?? same.availableTo,
			authenticationType: signer.authenticationType,
			nationalId: signer.nationalId ?? same.nationalId,
			destinationType: signer.destinationType,
			invitationLanguage: signer.invitationLanguage,
			redirectUrl: signer.redirectUrl ?? same.redirectUrl,
		});
		return same;
	});
	refreshStatus(envelope);
	return result;
}

/** POST /api/v1/invitations {DocumentId, Destinations}. */
function invite(ctx: ApiContext): Reply {
	const body = objectBody(ctx.req.body);
	const documentId = requiredGuid(body, 'DocumentId');
	const signers = parseDestinations(pick(body, 'Destinations'), 'Destinations');
	const envelope = envelopeForDocument(ctx, documentId);
	for (const signer of addSigners(envelope, signers))
		notifyInvitation(ctx.core, envelope, signer, 'v1');
	return ok(true);
}

/** POST /api/v1/invitations/bulk/send: validated as a whole before anything is sent. */
function bulkSend(ctx: ApiContext): Reply {
	const items = arrayBody(ctx.req.body);
	if (items.length === 0) invalid('$', 'At least one document is required.');
	const batches = items.map((item, i) => ({
		envelope: envelopeForDocument(ctx, requiredGuid(item, 'documentId')),
		signers: parseDestinations(pick(item, 'destinations'), `[${i}].destinations`),
	}));
	for (const { envelope, signers } of batches) {
		for (const signer of addSigners(envelope, signers))
			notifyInvitation(ctx.core, envelope, signer, 'bulk/send');
	}
	return ok(true);
}

/** POST /api/v1/invitations/envelope?envelopeId=...: invites every pending signer (plus any given destinations). */
function inviteEnvelope(ctx: ApiContext): Reply {
	const envelopeId = requiredGuid(ctx.req.query, 'envelopeId');
	const body = objectBody(ctx.req.body ?? {});
	const rawDestinations = optionalArray(body, 'destinations') ?? [];
	const extra = rawDestinations.length ? parseDestinations(rawDestinations, 'destinations') : [];
	const envelope = ctx.core.state.envelopeOf(ctx.account, envelopeId);
	if (!envelope) raise(404, 'EnvelopeNotFound');
	if (!isActive(envelope)) raise(100, 'GeneralError');
	const message = optionalString(body, 'invitationMessage');
	if (message !== undefined) envelope.invitationMessage = message;
	addSigners(envelope, extra);
	if (!envelope.signers.some((s) => s.status === 'Pending')) raise(100, 'GeneralError');
	for (const signer of envelope.signers.filter((s) => s.status === 'Pending')) {
		notifyInvitation(ctx.core, envelope, signer, 'v1/envelope');
	}
	return ok(true);
}

const pastAvailableTo = (): Reply => fail(16, 'AvailableTo is in the past', { data: false });

/** PUT /api/v1/invitations/extend {destinationId, availableTo}. */
function extendInvitation(ctx: ApiContext): Reply {
	const body = objectBody(ctx.req.body);
	const destinationId = requiredGuid(body, 'destinationId');
	const availableTo = requiredDate(body, 'availableTo');
	if (availableTo.getTime() <= Date.now()) return pastAvailableTo();
	const found = ctx.core.state.signerOf(ctx.account, destinationId);
	if (!found) raise(404, 'DestinationNotFound');
	found.signer.availableTo = availableTo;
	return ok(true);
}

/** PUT /api/v1/envelopes/extend-invitations {envelopeId, availableTo}: every pending invitation. */
function extendEnvelopeInvitations(ctx: ApiContext): Reply {
	const body = objectBody(ctx.req.body);
	const envelopeId = requiredGuid(body, 'envelopeId');
	const availableTo = requiredDate(body, 'availableTo');
	if (availableTo.getTime() <= Date.now()) return pastAvailableTo();
	const envelope = ctx.core.state.envelopeOf(ctx.account, envelopeId);
	if (!envelope) raise(404, 'EnvelopeNotFound');
	if (!isActive(envelope)) raise(100, 'GeneralError');
	for (const signer of envelope.signers.filter((s) => s.status === 'Pending'))
		signer.availableTo = availableTo;
	return ok(true);
}

/** Records a reminder to the signer with this e-mail (or phone); false when none matches. */
function remind(
	ctx: ApiContext,
	envelope: EmulatedEnvelope,
	email: string,
	phone?: string,
): boolean {
	const signer = envelope.signers.find(
		(s) =>
			(email && s.email.toLowerCase() === email.toLowerCase()) ||
			(!email && !!phone && s.phone === phone),
	);
	if (!signer) return false;
	envelope.reminders.push({ email: signer.email || signer.phone, at: new Date() });
	notifyInvitation(ctx.core, envelope, signer, 'reminder', 'reminder');
	return true;
}

const emailNotInEnvelope = (): Reply =>
	fail(121, 'The email does not belong to this envelope', { data: true });

/** POST /api/v1/invitations/reminders/send {requestId, destinationEmail}. */
function sendReminder(ctx: ApiContext): Reply {
	const body = objectBody(ctx.req.body);
	const requestId = requiredGuid(body, 'requestId');
	const email = requiredString(body, 'destinationEmail');
	const envelope = ctx.core.state.envelopeOf(ctx.account, requestId);
	if (!envelope) raise(404, 'RequestNotFound');
	return remind(ctx, envelope, email) ? ok(true) : emailNotInEnvelope();
}

/** POST /api/v1/invitations/bulk/reminders/send: valid entries are sent even when one e-mail is foreign (errorCode 121). */
function sendBulkReminders(ctx: ApiContext): Reply {
	const items = arrayBody(ctx.req.body);
	const entries = items.map((item, i) => {
		if (!isObject(item)) invalid(`[${i}]`, 'A reminder object is required.');
		const envelope = ctx.core.state.envelopeOf(ctx.account, requiredGuid(item, 'requestId'));
		if (!envelope) raise(404, 'RequestNotFound');
		return {
			envelope,
			email: optionalString(item, 'destinationEmail') ?? '',
			phone: optionalString(item, 'destinationPhone'),
		};
	});
	let foreign = false;
	for (const { envelope, email, phone } of entries)
		if (!remind(ctx, envelope, email, phone)) foreign = true;
	return foreign ? emailNotInEnvelope() : ok(true);
}

function invitationRecord(
	core: Core,
	envelope: EmulatedEnvelope,
	signer: EmulatedSigner,
	version: 2 | 3,
) {
	const record: Record<string, unknown> = {
		id: signer.destinationId,
		subject: envelope.invitationSubject ?? '',
		message: envelope.invitationMessage ?? '',
		name: signer.name,
		nationalId: signer.nationalId,
		signeOrder: signer.signeOrder,
		destinationType: signer.destinationType,
		authenticationType: signer.authenticationType,
		destinationPhone: signer.phone,
		destination: signer.email || signer.phone,
		fileId: envelope.documentId,
		status: 1,
		userHost: new URL(core.url).host,
		invitationLink: signingLink(core, envelope, signer),
		invitationLanguage: signer.invitationLanguage,
	};
	// The spec's v3 records carry neither nationalId nor destinationPhone; the sandbox's echoed the phone
	// (docs/service-api.md#signer-verification).
	if (version === 3) {
		delete record.nationalId;
		if (core.state.profile !== 'live') delete record.destinationPhone;
	}
	return record;
}

/** POST /api/v2|v3/invitations/send: v2 returns links only, v3 also sends. */
const sendWithLinks =
	(version: 2 | 3) =>
	(ctx: ApiContext): Reply => {
		const body = objectBody(ctx.req.body);
		const documentId = requiredGuid(body, 'documentId');
		const signers = parseDestinations(pick(body, 'destinations'), 'destinations');
		const envelope = envelopeForDocument(ctx, documentId);
		envelope.invitationMessage =
			optionalString(body, 'invitationMessage') ?? envelope.invitationMessage;
		envelope.invitationSubject =
			optionalString(body, 'invitationSubject') ?? envelope.invitationSubject;
		const added = addSigners(envelope, signers);
		envelope.invitationsSent = true;
		if (version === 3)
			for (const signer of added) notifyInvitation(ctx.core, envelope, signer, 'v3');
		return ok(added.map((signer) => invitationRecord(ctx.core, envelope, signer, version)));
	};

export const invitationRoutes: Route[] = [
	api('POST', '/api/v1/invitations', 'json', invite),
	api('POST', '/api/v1/invitations/bulk/send', 'json', bulkSend),
	api('POST', '/api/v1/invitations/envelope', 'json', inviteEnvelope),
	api('PUT', '/api/v1/invitations/extend', 'json', extendInvitation),
	api('PUT', '/api/v1/envelopes/extend-invitations', 'json', extendEnvelopeInvitations),
	api('POST', '/api/v1/invitations/reminders/send', 'json', sendReminder),
	api('POST', '/api/v1/invitations/bulk/reminders/send', 'json', sendBulkReminders),
	api('POST', '/api/v2/invitations/send', 'json', sendWithLinks(2)),
	api('POST', '/api/v3/invitations/send', 'json', sendWithLinks(3)),
];
