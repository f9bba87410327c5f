/**
 * Envelope lifecycle events and webhook callbacks: signing, completion,
 * rejection, delivery (with logs) and recall.
 */
import {
	type CallbackPayload,
	type EmulatedEnvelope,
	type EmulatedSigner,
	type State,
	WEBHOOK_STATUS,
	isActive,
	logTimestamp,
	refreshStatus,
} from './state';

/** Callback Status codes (public documentation): 1 completed, 2 rejected. */
export const CALLBACK_COMPLETED = 1;
export const CALLBACK_REJECTED = 2;

const DELIVERY_TIMEOUT_MS = 10_000;

export function buildCallback(
	state: State,
	envelope: EmulatedEnvelope,
	status: number,
): CallbackPayload {
	return {
		RequestId: envelope.envelopeId,
		Status: status,
		Files: envelope.files.map((file) => ({
			FileName: file.fileName,
			File: state.currentBytes(envelope, file).toString('base64'),
		})),
		ReferencNumber: envelope.referenceNumber,
		Fields: [],
		Signatory: envelope.signers.map((s) => ({
			Id: s.destinationId,
			Status: s.status === 'Signed' ? 'SIGNED' : s.status === 'Rejected' ? 'REJECTED' : 'PENDING',
			FullName: s.name,
			FullNameAr: s.nameAr,
			NationalId: s.nationalId,
			SignOrder: s.signeOrder,
			Email: s.email || null,
			PhoneNumber: s.phone || null,
			AuthenticationType: 'WITHOUTVALIDATION',
			// What the signer was never asked for is unknown, as the contract allows: no invented personal data.
			Gender: null,
			Nationlity: null,
			RejectReason: s.rejectReason,
		})),
	};
}

/**
 * POSTs a callback to the envelope's current target and records the attempt in
 * `deliveries` and in the account's webhook log. Returns false when there is no
 * target (no webhook on the envelope and no default webhook).
 */
export async function deliver(
	state: State,
	envelope: EmulatedEnvelope,
	payload: CallbackPayload,
	recall = false,
): Promise<boolean> {
	const target = state.callbackTarget(envelope);
	if (!target) return false;
	const headers: Record<string, string> = { 'content-type': 'application/json' };
	// The stored token goes out raw (no "Bearer"): the receiver compares it verbatim.
	if (target.headerToken) headers.authorization = target.headerToken;
	let httpStatusCode = 0;
	let reasons = '';
	// Logged as pending before the POST, as the service's PENDING (0) status says it is: the receiver can read, while
	// it answers, which webhook the service is delivering the envelope's callback to (docs/service-api.md).
	const logEntry = {
		requestId: envelope.envelopeId,
		createdDate: logTimestamp(new Date()),
		webhookStatus: WEBHOOK_STATUS.PENDING as string,
		httpStatusCode: 0,
		webhookUrl: target.webhookUrl,
		reasons: '',
	};
	state.account(envelope.account)?.logs.push(logEntry);
	try {
		if (state.faults.unreachable)
			throw new Error('fetch failed: connect ETIMEDOUT (the emulator cannot reach it)');
		const response = await fetch(target.webhookUrl, {
			method: 'POST',
			headers,
			body: JSON.stringify(payload),
			signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
		});
		httpStatusCode = response.status;
		await response.arrayBuffer().catch(() => undefined);
		if (!response.ok) reasons = `HTTP ${response.status} ${response.statusText}`.trim();
	} catch (error) {
		const cause = (error as { cause?: { message?: string } }).cause?.message;
		reasons = cause ? `${(error as Error).message}: ${cause}` : (error as Error).message;
	}
	const ok = httpStatusCode >= 200 && httpStatusCode < 300;
	state.deliveries.push({
		requestId: envelope.envelopeId,
		webhookUrl: target.webhookUrl,
		httpStatusCode,
		ok,
		body: payload,
		headers,
		recall,
		...(ok ? {} : { error: reasons }),
	});
	Object.assign(logEntry, {
		webhookStatus: !ok
			? WEBHOOK_STATUS.FAILEDFROMCLIENT
			: recall
				? WEBHOOK_STATUS.RECALL
				: WEBHOOK_STATUS.SUCCESS,
		httpStatusCode,
		reasons,
	});
	return true;
}

/** Builds, remembers (for recall) and delivers a callback. */
async function emit(state: State, envelope: EmulatedEnvelope, status: number): Promise<void> {
	const lag = state.faults.statusLagMs ?? 0;
	if (lag > 0) envelope.statusBefore = { status: 'In-progress', until: Date.now() + lag };
	envelope.lastCallback = buildCallback(state, envelope, status);
	await deliver(state, envelope, envelope.lastCallback);
}

/** Marks signers signed; when none is left pending the envelope completes and the callback goes out. */
export async function signSigners(
	state: State,
	envelope: EmulatedEnvelope,
	signers: EmulatedSigner[],
): Promise<void> {
	const now = new Date();
	signers.forEach((signer, i) => {
		if (signer.status === 'Signed') return;
		signer.status = 'Signed';
		// Distinct instants keep the signing order stable in the signed PDF.
		signer.signedAt = new Date(now.getTime() + i);
	});
	await completeIfDone(state, envelope);
}

export async function completeIfDone(state: State, envelope: EmulatedEnvelope): Promise<void> {
	if (!isActive(envelope)) return;
	if (envelope.signers.some((s) => s.status === 'Pending')) {
		refreshStatus(envelope);
		return;
	}
	envelope.status = 'Completed';
	envelope.completedAt = new Date();
	await emit(state, envelope, CALLBACK_COMPLETED);
}

export async function rejectEnvelope(
	state: State,
	envelope: EmulatedEnvelope,
	signer: EmulatedSigner | undefined,
	reason: string | null,
): Promise<void> {
	if (signer) {
		signer.status = 'Rejected';
		signer.rejectReason = reason;
	}
	envelope.status = 'Rejected';
	await emit(state, envelope, CALLBACK_REJECTED);
}
