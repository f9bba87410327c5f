/**
 * Emulator control over HTTP (no authentication): scenario steps for demos and
 * the end-to-end suite, fault injection and state inspection.
 */
import { type Reply, isObject, jsonReply, optionalInt, optionalString } from '../http';
import { type OpenContext, type Route, open } from '../router';
import type { EmulatedEnvelope, RecordedRequest } from '../state';
import { answerPage, html, wantsHtml } from './pages';

const done = (extra: Record<string, unknown> = {}): Reply => jsonReply(200, { ok: true, ...extra });
const problem = (status: number, error: string): Reply => jsonReply(status, { ok: false, error });

/** JSON-safe envelope summary (file bytes as sizes, dates as ISO text). */
export function envelopeSummary(e: EmulatedEnvelope) {
	return {
		envelopeId: e.envelopeId,
		documentId: e.documentId,
		account: e.account,
		referenceNumber: e.referenceNumber,
		status: e.status,
		webhookId: e.webhookId,
		templateId: e.templateId,
		createdAt: e.createdAt.toISOString(),
		completedAt: e.completedAt?.toISOString() ?? null,
		invitationsSent: e.invitationsSent,
		files: e.files.map((f) => ({ fileId: f.fileId, fileName: f.fileName, size: f.data.length })),
		signers: e.signers.map((s) => ({
			destinationId: s.destinationId,
			name: s.name,
			email: s.email,
			phone: s.phone,
			status: s.status,
			signeOrder: s.signeOrder,
			signedAt: s.signedAt?.toISOString() ?? null,
			availableTo: s.availableTo?.toISOString() ?? null,
			invited: s.invited,
			rejectReason: s.rejectReason,
		})),
		reminders: e.reminders.length,
	};
}

export function serializeRequest(r: RecordedRequest) {
	return {
		method: r.method,
		path: r.path,
		query: r.query,
		headers: r.headers,
		rawBody: r.rawBody.toString('base64'),
		body: r.body ?? null,
		files: r.files.map((f) => ({
			field: f.field,
			fileName: f.fileName,
			contentType: f.contentType,
			data: f.data.toString('base64'),
		})),
		account: r.account ?? null,
	};
}

/** Runs a scenario step; unknown envelopes and other misuse answer 404/400 instead of throwing. */
async function step(action: () => Promise<void>): Promise<Reply> {
	try {
		await action();
		return done();
	} catch (error) {
		const message = (error as Error).message;
		return problem(/not found|unknown/i.test(message) ? 404 : 400, message);
	}
}

const body = (ctx: OpenContext): Record<string, unknown> =>
	isObject(ctx.req.body) ? ctx.req.body : {};

async function signStep(ctx: OpenContext): Promise<Reply> {
	const email = optionalString(body(ctx), 'email');
	const reply = await step(() => ctx.core.sign(ctx.params.id, email));
	const envelope = ctx.core.state.findEnvelopeAnywhere(ctx.params.id);
	return envelope && reply.status === 200 ? done({ envelope: envelopeSummary(envelope) }) : reply;
}

async function rejectStep(ctx: OpenContext): Promise<Reply> {
	const b = body(ctx);
	const reply = await step(() =>
		ctx.core.reject(ctx.params.id, optionalString(b, 'email'), optionalString(b, 'reason')),
	);
	const envelope = ctx.core.state.findEnvelopeAnywhere(ctx.params.id);
	return envelope && reply.status === 200 ? done({ envelope: envelopeSummary(envelope) }) : reply;
}

/**
 * A sample event to the listening trigger (Emulator.sendTestEvent). GET too, so that `npm run dev` can print a link
 * to open in the browser while the trigger listens (a browser gets a page saying what was sent, scripts JSON); the
 * query or the body may name `webhookId` and `event`.
 */
async function testEvent(ctx: OpenContext): Promise<Reply> {
	const { status, answer } = await sendTestEvent(ctx);
	if (!wantsHtml(ctx)) return jsonReply(status, answer);
	if (!answer.ok)
		return answerPage('Test event', `No test event was sent: ${answer.error}`, answer, status);
	const sent = `A ${answer.event} event of envelope ${answer.envelopeId} was sent to ${answer.webhookUrl}: `;
	if (answer.delivered)
		return answerPage('Test event', `${sent}delivered (HTTP ${answer.httpStatusCode}).`, answer);
	// HTTP 0 alone says nothing: the usual cause in npm run dev is --unreachable, which the page names.
	const why = ctx.core.state.faults.unreachable
		? html`<p>
					The emulator is set not to reach n8n (<code>--unreachable</code>, or
					<code>faults.unreachable</code>), so a test event cannot arrive:
					<i>Listen for test event</i>
					keeps waiting.
				</p>
				<p>
					A published E-Signature Trigger fetches real events within about 2 minutes. To test in the
					editor, restart without <code>--unreachable</code> (a running emulator:
					<code>POST /_emulator/faults {"unreachable": false}</code>).
				</p>`
		: html`<p>Why: ${answer.reason ?? 'no answer'}.</p>`;
	return answerPage(
		'Test event',
		html`<p>${sent}not delivered (HTTP ${answer.httpStatusCode ?? 'none'}).</p>
			${why}`,
		answer,
	);
}

async function sendTestEvent(ctx: OpenContext): Promise<{
	status: number;
	answer: { ok: boolean; error?: string; [field: string]: unknown };
}> {
	const b = { ...ctx.req.query, ...body(ctx) };
	const event = optionalString(b, 'event') ?? 'completed';
	if (event !== 'completed' && event !== 'rejected')
		return {
			status: 400,
			answer: { ok: false, error: 'event must be "completed" or "rejected".' },
		};
	try {
		const sent = await ctx.core.sendTestEvent({
			webhookId: optionalString(b, 'webhookId') || undefined,
			event,
		});
		return {
			status: 200,
			answer: {
				ok: true,
				event,
				envelopeId: sent.envelope.envelopeId,
				referenceNumber: sent.envelope.referenceNumber,
				webhookId: sent.webhook.id,
				webhookUrl: sent.webhook.webhookUrl,
				httpStatusCode: sent.delivery?.httpStatusCode ?? null,
				delivered: sent.delivery?.ok ?? false,
				...(sent.delivery?.error ? { reason: sent.delivery.error } : {}),
			},
		};
	} catch (error) {
		return { status: 404, answer: { ok: false, error: (error as Error).message } };
	}
}

function faults(ctx: OpenContext): Reply {
	const b = body(ctx);
	try {
		const latencyMs = optionalInt(b, 'latencyMs');
		const statusLagMs = optionalInt(b, 'statusLagMs');
		const count = optionalInt(b, 'count');
		const status = optionalInt(b, 'status');
		const { unreachable } = b;
		if (unreachable !== undefined && typeof unreachable !== 'boolean')
			return problem(400, 'unreachable must be true or false.');
		if (typeof unreachable === 'boolean') ctx.core.setUnreachable(unreachable);
		if (
			latencyMs === undefined &&
			count === undefined &&
			statusLagMs === undefined &&
			unreachable === undefined
		)
			return problem(
				400,
				'Give {count, status[, body][, path]}, {latencyMs}, {statusLagMs} or {unreachable}.',
			);
		if (latencyMs !== undefined) ctx.core.setLatency(latencyMs);
		if (statusLagMs !== undefined) ctx.core.setStatusLag(statusLagMs);
		if (count !== undefined)
			ctx.core.failNext(count, status ?? 500, b.body, optionalString(b, 'path'));
		return done({ faults: { ...ctx.core.state.faults } });
	} catch {
		return problem(400, 'count, status, latencyMs and statusLagMs must be integers.');
	}
}

function state(ctx: OpenContext): Reply {
	const { state: s } = ctx.core;
	return jsonReply(200, {
		tokenRequests: s.tokenRequests,
		faults: s.faults,
		accounts: [...s.accounts.values()].map((a) => ({
			accountId: a.credentials.accountId,
			clientId: a.credentials.clientId,
			username: a.credentials.username,
			envelopes: [...a.envelopes.values()].map(envelopeSummary),
			webhooks: a.webhooks,
			logs: a.logs,
			smsProvider: a.smsProvider,
		})),
		notifications: s.notifications,
	});
}

/** What was posted to the chat stand-in: JSON for scripts, a table of the messages for a browser. */
function chat(ctx: OpenContext): Reply {
	const messages = ctx.core.state.chatMessages;
	if (!wantsHtml(ctx)) return jsonReply(200, messages);
	const text = (body: unknown) =>
		isObject(body) && typeof body.text === 'string' ? body.text : JSON.stringify(body);
	const summary = messages.length
		? html`<table>
				<tr>
					<th>At</th>
					<th>Channel</th>
					<th>Message</th>
				</tr>
				${messages.map(
					(m) =>
						html`<tr>
							<td>${m.at}</td>
							<td>${m.channel}</td>
							<td>${text(m.body)}</td>
						</tr>`,
				)}
			</table>`
		: 'No message yet: example 06 posts its signing links here.';
	return answerPage('Chat', summary, messages);
}

export const controlRoutes: Route[] = [
	open('POST', '/_emulator/envelopes/:id/sign', signStep),
	open('POST', '/_emulator/envelopes/:id/reject', rejectStep),
	open('POST', '/_emulator/identity/:requestId/authenticate', (ctx) => {
		ctx.core.authenticateIdentity(ctx.params.requestId);
		return done();
	}),
	open('POST', '/_emulator/test-event', testEvent),
	open('GET', '/_emulator/test-event', testEvent),
	open('POST', '/_emulator/tokens/expire', (ctx) => {
		ctx.core.expireAllTokens();
		return done();
	}),
	// { httpStatus, errorCode }: how refused tokens are answered from now on (HTTP 401 by default; reset restores it).
	open('POST', '/_emulator/tokens/refusal', (ctx) => {
		const b = body(ctx);
		try {
			ctx.core.refuseTokensAs({
				httpStatus: optionalInt(b, 'httpStatus') ?? 401,
				errorCode: optionalInt(b, 'errorCode') ?? 401,
			});
		} catch {
			return problem(400, 'httpStatus and errorCode must be integers.');
		}
		return done({ tokenRefusal: ctx.core.state.tokenRefusal });
	}),
	// { profile: "spec" | "live" }: which service the emulator plays from now on (docs/service-api.md#spec-and-live-service).
	open('POST', '/_emulator/profile', (ctx) => {
		const profile = optionalString(body(ctx), 'profile');
		if (profile !== 'spec' && profile !== 'live')
			return problem(400, 'profile must be "spec" or "live".');
		ctx.core.setProfile(profile);
		return done({ profile });
	}),
	open('GET', '/_emulator/profile', (ctx) => jsonReply(200, { profile: ctx.core.profile })),
	open('POST', '/_emulator/faults', faults),
	open('POST', '/_emulator/reset', (ctx) => {
		ctx.core.reset();
		return done();
	}),
	open('GET', '/_emulator/requests', (ctx) =>
		jsonReply(200, ctx.core.state.requests.map(serializeRequest)),
	),
	open('GET', '/_emulator/state', state),
	open('GET', '/_emulator/webhooks', (ctx) =>
		jsonReply(
			200,
			[...ctx.core.state.accounts.values()].flatMap((a) => a.webhooks),
		),
	),
	open('GET', '/_emulator/deliveries', (ctx) => jsonReply(200, ctx.core.state.deliveries)),
	open('GET', '/_emulator/notifications', (ctx) => jsonReply(200, ctx.core.state.notifications)),
	// A stand-in for a chat's incoming webhook, so that example 06 runs as imported in npm run dev.
	open('POST', '/_emulator/chat/:channel', (ctx) => {
		ctx.core.state.chatMessages.push({
			channel: ctx.params.channel,
			body: ctx.req.body,
			at: new Date().toISOString(),
		});
		return done();
	}),
	open('GET', '/_emulator/chat', chat),
];
