/**
 * Pages for people trying the nodes: the signing page every `invitationLink` opens (sign or reject as that signer, as
 * the service's own page would) and a start page at the root listing every envelope with its IDs, signers and
 * sign/reject buttons. The forms post here, and the emulator then does exactly what its control API's sign and reject
 * do (Emulator.sign/reject), callbacks included. Server-rendered HTML; every value shown is escaped (names are input).
 * And a sample PDF to send (SAMPLE_PATH), so that a first workflow needs no file of one's own.
 */
import { type Reply, htmlReply, isObject, seeOther } from '../http';
import { type OpenContext, type Route, open } from '../router';
import { type EmulatedEnvelope, type EmulatedSigner, isActive } from '../state';

/** Text made safe for HTML content and quoted attribute values. */
export function escapeHtml(value: unknown): string {
	return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** HTML already built by `html` (not escaped again when nested). */
class Html {
	constructor(readonly text: string) {}
	toString(): string {
		return this.text;
	}
}

/** A template whose every interpolated value is escaped, unless it is Html (or a list of them) built the same way. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
	const part = (value: unknown): string =>
		value instanceof Html
			? value.text
			: Array.isArray(value)
				? value.map(part).join('')
				: escapeHtml(value);
	return new Html(
		strings.reduce((out, text, i) => out + text + (i < values.length ? part(values[i]) : ''), ''),
	);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}td,th{border:1px solid #ccc;padding:.3rem .5rem;text-align:left;vertical-align:top}
code{font-size:.85em}form{display:inline;margin-right:.3rem}button{padding:.3rem .8rem;cursor:pointer}
.sign{background:#1f7a3a;color:#fff;border:0}.reject{background:#b3261e;color:#fff;border:0}.muted{color:#666}`;

/**
 * The signing page's language by the invitation's number, as published (docs/service-api.md#invitation-language): 1
 * Arabic, 2 English; 0 and unknown numbers English, as the sandbox served for 0. Both profiles answer the same.
 */
export type PageLanguage = 'ar' | 'en';
export const pageLanguage = (invitationLanguage: number): PageLanguage =>
	invitationLanguage === 1 ? 'ar' : 'en';

const WORDS: Record<
	PageLanguage,
	Record<
		| 'sign'
		| 'reject'
		| 'reason'
		| 'pleaseSign'
		| 'signed'
		| 'rejected'
		| 'closed'
		| 'for'
		| 'referenceNumber'
		| 'documents',
		string
	>
> = {
	en: {
		sign: 'Sign',
		reject: 'Reject',
		reason: 'Reason (optional)',
		pleaseSign: 'Please sign',
		signed: 'Signed',
		rejected: 'Rejected',
		closed: 'Nothing to sign',
		for: 'For',
		referenceNumber: 'reference number',
		documents: 'Documents',
	},
	ar: {
		sign: 'توقيع',
		reject: 'رفض',
		reason: 'السبب (اختياري)',
		pleaseSign: 'يرجى التوقيع',
		signed: 'تم التوقيع',
		rejected: 'مرفوض',
		closed: 'لا شيء للتوقيع',
		for: 'إلى',
		referenceNumber: 'الرقم المرجعي',
		documents: 'المستندات',
	},
};

function page(title: string, body: Html, status = 200, language: PageLanguage = 'en'): Reply {
	const dir = language === 'ar' ? 'rtl' : 'ltr';
	return htmlReply(
		status,
		html`<!doctype html>
			<html lang="${language}" dir="${dir}">
				<head>
					<meta charset="utf-8" />
					<title>${title}</title>
					<style>
						${new Html(STYLE)}
					</style>
				</head>
				<body>
					${body}
				</body>
			</html>`.text,
	);
}

/** Whether the caller is a browser: it accepts HTML. Scripts (Accept: application/json, or none) get JSON. */
export function wantsHtml(ctx: OpenContext): boolean {
	return /\btext\/html\b/i.test(ctx.req.headers.accept ?? '');
}

/**
 * A control answer as a browser shows it (the links npm run dev prints): a heading, what happened in a sentence or a
 * table, and the JSON a script gets, in `<pre id="answer">` to read or copy.
 */
export function answerPage(
	title: string,
	summary: Html | string,
	answer: unknown,
	status = 200,
): Reply {
	return page(
		title,
		html`<h1>${title}</h1>
			${summary instanceof Html ? summary : html`<p>${summary}</p>`}
			<h2>JSON</h2>
			<pre id="answer">${JSON.stringify(answer, null, 2)}</pre>`,
		status,
	);
}

/** Where a signer's page lives: the `invitationLink` the API hands out (routes/common.ts signingLink). */
const signerPath = (envelope: EmulatedEnvelope, signer: EmulatedSigner) =>
	`/sign/${envelope.documentId}/${signer.destinationId}`;

/** The sign and reject buttons of a signer who may still act; `back` is the page to return to. */
function actions(
	envelope: EmulatedEnvelope,
	signer: EmulatedSigner,
	back: 'start' | 'signer',
	language: PageLanguage = 'en',
): Html {
	if (!isActive(envelope) || signer.status !== 'Pending')
		return html`<span class="muted">${signer.status}</span>`;
	const path = signerPath(envelope, signer);
	const words = WORDS[language];
	return html`<form method="post" action="${path}/sign">
			<input type="hidden" name="back" value="${back}" /><button class="sign" type="submit">
				${words.sign}
			</button>
		</form>
		<form method="post" action="${path}/reject">
			<input type="hidden" name="back" value="${back}" /><input
				name="reason"
				placeholder="${words.reason}"
				aria-label="${words.reason}"
			/>
			<button class="reject" type="submit">${words.reject}</button>
		</form>`;
}

const contact = (signer: EmulatedSigner) => signer.email || signer.phone;

function startPage(ctx: OpenContext): Reply {
	const envelopes = [...ctx.core.state.accounts.values()]
		.flatMap((account) => [...account.envelopes.values()])
		.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
	const rows = envelopes.map(
		(e) =>
			html`<h2>${e.referenceNumber || e.envelopeId} <span class="muted">${e.status}</span></h2>
				<p>
					Envelope ID <code>${e.envelopeId}</code> · Document ID <code>${e.documentId}</code> ·
					${e.files.map((f) => f.fileName).join(', ')}
				</p>
				${
					e.signers.length
						? html`<table>
								<tr>
									<th>Signer</th>
									<th>Contact</th>
									<th>Order</th>
									<th>Signing page</th>
									<th></th>
								</tr>
								${e.signers.map(
									(s) =>
										html`<tr>
											<td>${s.name}</td>
											<td>${contact(s)}</td>
											<td>${s.signeOrder}</td>
											<td><a href="${signerPath(e, s)}">open</a></td>
											<td>${actions(e, s, 'start')}</td>
										</tr>`,
								)}
							</table>`
						: html`<p class="muted">No signers yet.</p>`
				}`,
	);
	return page(
		'E-Signature emulator',
		html`<h1>E-Signature emulator</h1>
			<p>
				Envelopes created through the API, newest first. Sign or reject here as a signer would on
				the service's signing page: the emulator then sends the callback to the registered webhook.
				<a href="/">Refresh</a> · <a href="/_emulator/state">state as JSON</a> · a sample document
				to send: <a href="${SAMPLE_PATH}">${SAMPLE_PATH}</a>
			</p>
			${
				envelopes.length
					? rows
					: html`<p class="muted">No envelopes yet: create one with the E-Signature node.</p>`
			}`,
	);
}

/** The envelope and signer an invitation link names, or a page saying why there is none. */
function linked(ctx: OpenContext): { envelope: EmulatedEnvelope; signer: EmulatedSigner } | Reply {
	const found = ctx.core.state.findDocumentAnywhere(ctx.params.documentId);
	const signer = found?.envelope.signers.find(
		(s) => s.destinationId.toLowerCase() === ctx.params.destinationId.toLowerCase(),
	);
	if (!found || !signer)
		return page(
			'Link not found',
			html`<h1>This signing link is not known</h1>
				<p><a href="/">All envelopes</a></p>`,
			404,
		);
	return { envelope: found.envelope, signer };
}

function signerPage(ctx: OpenContext): Reply {
	const target = linked(ctx);
	if ('status' in target) return target;
	const { envelope, signer } = target;
	const language = pageLanguage(signer.invitationLanguage);
	const words = WORDS[language];
	const canSign = signer.status === 'Pending' && isActive(envelope);
	// The heading asks to sign only while the signer can: afterwards it says what the signer did.
	const heading = canSign
		? envelope.invitationSubject || words.pleaseSign
		: signer.status === 'Signed'
			? words.signed
			: signer.status === 'Rejected'
				? words.rejected
				: words.closed;
	const state =
		signer.status === 'Signed'
			? html`<p>You signed this envelope.</p>`
			: signer.status === 'Rejected'
				? html`<p>
						You rejected this envelope${signer.rejectReason ? html`: ${signer.rejectReason}` : ''}.
					</p>`
				: canSign
					? html`<p>${actions(envelope, signer, 'signer', language)}</p>`
					: html`<p>This envelope is ${envelope.status}: there is nothing to sign.</p>`;
	return page(
		`${heading}: ${envelope.referenceNumber}`,
		html`<h1>${heading}</h1>
			${!canSign && envelope.invitationSubject ? html`<p>${envelope.invitationSubject}</p>` : ''}
			<p>
				${words.for} <strong>${signer.name}</strong> (${contact(signer)}) · ${words.referenceNumber}
				${envelope.referenceNumber}, <span class="muted">${envelope.status}</span>
			</p>
			${envelope.invitationMessage ? html`<p>${envelope.invitationMessage}</p>` : ''}
			<p>${words.documents}: ${envelope.files.map((f) => f.fileName).join(', ')}</p>
			${state}
			<p class="muted">
				Signers: ${envelope.signers.map((s) => `${s.name} (${s.status})`).join(', ')} ·
				<a href="/">All envelopes</a>
			</p>`,
		200,
		language,
	);
}

/** Signs or rejects as the linked signer, then shows the page the form came from. */
const act =
	(action: 'sign' | 'reject') =>
	async (ctx: OpenContext): Promise<Reply> => {
		const target = linked(ctx);
		if ('status' in target) return target;
		const { envelope, signer } = target;
		const form = isObject(ctx.req.body) ? ctx.req.body : {};
		const reason =
			typeof form.reason === 'string' && form.reason.trim() ? form.reason.trim() : undefined;
		try {
			if (action === 'sign') await ctx.core.sign(envelope.envelopeId, signer.destinationId);
			else await ctx.core.reject(envelope.envelopeId, signer.destinationId, reason);
		} catch (error) {
			return page(
				'Not possible',
				html`<h1>${(error as Error).message}</h1>
					<p><a href="${signerPath(envelope, signer)}">Back</a></p>`,
				409,
			);
		}
		return seeOther(form.back === 'start' ? '/' : signerPath(envelope, signer));
	};

/** The emulator's sample document, for an HTTP Request node to fetch in a first workflow (README, Quick start). */
export const SAMPLE_PATH = '/sample/contract.pdf';

function samplePdf(ctx: OpenContext): Reply {
	return {
		status: 200,
		headers: {
			'content-type': 'application/pdf',
			'content-disposition': 'attachment; filename="contract.pdf"',
		},
		body: ctx.core.samplePdf,
	};
}

export const pageRoutes: Route[] = [
	open('GET', SAMPLE_PATH, samplePdf),
	open('GET', '/', startPage),
	open('GET', '/sign/:documentId/:destinationId', signerPage),
	open('POST', '/sign/:documentId/:destinationId/sign', act('sign')),
	open('POST', '/sign/:documentId/:destinationId/reject', act('reject')),
];
