/**
 * In-memory state of the emulated service. Everything an account owns lives in
 * its Account object, so accounts are isolated from each other; cross-account
 * lookups exist only where the service distinguishes "not yours" from "unknown".
 */
import { randomUUID } from 'node:crypto';
import type { DemoCredentials } from './fixtures';
import { signedPdf } from './pdf';
import type { UploadedFile } from './http';

export type EnvelopeStatus = 'Pending' | 'In-progress' | 'Completed' | 'Cancelled' | 'Rejected';
export type SignerStatus = 'Pending' | 'Signed' | 'Rejected';

/**
 * How the emulator answers: `spec` as docs/service-api.md's contract says (the default), `live` as the service's
 * sandbox did where it differs (docs/service-api.md#spec-and-live-service).
 */
export type Profile = 'spec' | 'live';

export interface EmulatedFile {
	/** The document id of this file (the first file's id is the envelope's documentId). */
	fileId: string;
	fileName: string;
	/** The original uploaded bytes. */
	data: Buffer;
}

export interface EmulatedSigner {
	destinationId: string;
	name: string;
	/** Null unless an Arabic name was given. */
	nameAr: string | null;
	email: string;
	phone: string;
	nationalId: string | null;
	status: SignerStatus;
	signedAt: Date | null;
	/** Spelled as the interface has it. */
	signeOrder: number;
	authenticationType: number;
	destinationType: number;
	invitationLanguage: number;
	availableTo: Date | null;
	consentOnly: boolean;
	allowUserToSignAnyWhere: boolean;
	redirectUrl: string | null;
	rejectReason: string | null;
	/** True once an invitation was sent to this signer through a sending endpoint. */
	invited: boolean;
}

export interface CallbackSignatory {
	Id: string;
	Status: 'SIGNED' | 'REJECTED' | 'PENDING';
	FullName: string;
	FullNameAr: string | null;
	NationalId: string | null;
	SignOrder: number;
	Email: string | null;
	PhoneNumber: string | null;
	AuthenticationType: string;
	Gender: string | null;
	Nationlity: string | null;
	RejectReason: string | null;
}

/** The callback body, PascalCase and with the interface's spellings (ReferencNumber, Nationlity). */
export interface CallbackPayload {
	RequestId: string;
	Status: number;
	Files: Array<{ FileName: string; File: string }>;
	ReferencNumber: string;
	Fields: unknown[];
	Signatory: CallbackSignatory[];
}

export interface EmulatedEnvelope {
	envelopeId: string;
	documentId: string;
	account: string;
	referenceNumber: string;
	webhookId: string | null;
	workflowId: string | null;
	templateId: string | null;
	password: string | null;
	isForExternalWorkFlow: boolean;
	status: EnvelopeStatus;
	createdAt: Date;
	completedAt: Date | null;
	files: EmulatedFile[];
	signers: EmulatedSigner[];
	/** Files may be added only until the first invitation goes out. */
	invitationsSent: boolean;
	invitationMessage: string | null;
	invitationSubject: string | null;
	templateFields: Array<{ fieldName: string; value: string }>;
	reminders: Array<{ email: string; at: Date }>;
	/** The last callback built for this envelope; recall re-sends it. */
	lastCallback: CallbackPayload | null;
	/** The status before its last change and when it changed: Get Status lags by faults.statusLagMs. */
	statusBefore?: { status: EnvelopeStatus; until: number };
}

export interface Webhook {
	id: string;
	webhookUrl: string;
	accountId: string;
	isDefault: boolean;
	headerToken: string;
}

/** What Emulator.sendTestEvent did: the envelope it made, where the callback went, and the delivery made. */
export interface TestEvent {
	event: 'completed' | 'rejected';
	envelope: EmulatedEnvelope;
	webhook: Webhook;
	delivery?: Delivery;
}

export interface WebhookLogEntry {
	requestId: string;
	createdDate: string;
	webhookStatus: string;
	httpStatusCode: number;
	webhookUrl: string;
	reasons: string;
}

export interface SmsProviderConfig {
	smsUrl: string;
	smsSender: string;
	smsUserame: string;
	smsPassword: string;
	smsProvider: number;
}

export interface Account {
	credentials: DemoCredentials;
	envelopes: Map<string, EmulatedEnvelope>;
	/** Creation order matters: the first default webhook is the one called. */
	webhooks: Webhook[];
	logs: WebhookLogEntry[];
	smsProvider: SmsProviderConfig | null;
}

export interface IssuedToken {
	token: string;
	accountId: string;
	clientId: string;
	grant: 'integration' | 'client_credentials';
	issuedAt: number;
	expiresAt: number;
	revoked: boolean;
}

export interface Notification {
	kind: 'invitation' | 'reminder' | 'cancellation';
	/** Which endpoint caused it (v1, v3, bulk, ...). */
	via: string;
	channel: 'email' | 'sms';
	to: string;
	envelopeId: string;
	documentId: string;
	destinationId: string | null;
	subject: string | null;
	message: string | null;
	link: string | null;
	at: Date;
}

export interface Delivery {
	requestId: string;
	webhookUrl: string;
	httpStatusCode: number;
	ok: boolean;
	body: unknown;
	headers: Record<string, string>;
	recall: boolean;
	error?: string;
}

export interface RecordedRequest {
	method: string;
	path: string;
	query: Record<string, string>;
	headers: Record<string, string>;
	rawBody: Buffer;
	body: unknown;
	files: UploadedFile[];
	account?: string;
	/** Bytes of the answer the receiver took before it closed the connection (all of them, for most). */
	answeredBytes?: number;
}

export interface TokenRefusal {
	httpStatus: number;
	errorCode: number;
}

export interface Faults {
	remaining: number;
	status: number;
	body?: unknown;
	latencyMs: number;
	/** For this long after an envelope completes or is rejected, Get Status still shows its status before. */
	statusLagMs?: number;
	/** Callbacks cannot connect (n8n behind a firewall): each is logged failed, with HTTP status 0. */
	unreachable?: boolean;
	/** Only requests to this path (exact, or a pattern) fail; every API request when unset. */
	path?: string | RegExp;
}

/** Numeric status for the webhook log filter: `<NAME> (<number>)`. */
export const WEBHOOK_STATUS = {
	PENDING: 'PENDING (0)',
	SUCCESS: 'SUCCESS (1)',
	RECALL: 'RECALL (2)',
	FAILEDFROMCLIENT: 'FAILEDFROMCLIENT (4)',
} as const;

/** Timestamp without zone, millisecond precision, as the logs endpoint shows it. */
export const logTimestamp = (date: Date): string => date.toISOString().slice(0, 23);

export function newSigner(partial: Partial<EmulatedSigner> & { name: string }): EmulatedSigner {
	return {
		destinationId: randomUUID(),
		nameAr: null,
		email: '',
		phone: '',
		nationalId: null,
		status: 'Pending',
		signedAt: null,
		signeOrder: 1,
		authenticationType: 0,
		destinationType: 1,
		invitationLanguage: 0,
		availableTo: null,
		consentOnly: false,
		allowUserToSignAnyWhere: false,
		redirectUrl: null,
		rejectReason: null,
		invited: false,
		...partial,
	};
}

export const isActive = (envelope: EmulatedEnvelope): boolean =>
	envelope.status === 'Pending' || envelope.status === 'In-progress';

export class State {
	readonly accounts = new Map<string, Account>();
	tokens = new Map<string, IssuedToken>();
	requests: RecordedRequest[] = [];
	deliveries: Delivery[] = [];
	notifications: Notification[] = [];
	/** What was posted to the chat stand-in (example 06's "Send Link to Chat" in npm run dev). */
	chatMessages: Array<{ channel: string; body: unknown; at: string }> = [];
	/** Request ids whose signer authenticated with the identity provider. */
	identityAuthenticated = new Set<string>();
	tokenRequests = 0;
	faults: Faults = { remaining: 0, status: 500, latencyMs: 0 };
	/**
	 * How a missing, expired or revoked token is refused: the contract's HTTP 401, or (as most of the service's errors
	 * come) HTTP 200 with errorCode 401 or 3 in the wrapper.
	 */
	tokenRefusal: TokenRefusal = { httpStatus: 401, errorCode: 401 };
	/** Chosen at start (or by setProfile); a reset keeps it. */
	profile: Profile = 'spec';
	private referenceCounter = 0;

	addAccount(credentials: DemoCredentials): Account {
		const account: Account = {
			credentials,
			envelopes: new Map(),
			webhooks: [],
			logs: [],
			smsProvider: null,
		};
		this.accounts.set(credentials.accountId.toLowerCase(), account);
		return account;
	}

	account(accountId: string): Account | undefined {
		return this.accounts.get(accountId.toLowerCase());
	}

	accountByClient(clientId: string): Account | undefined {
		return [...this.accounts.values()].find((a) => a.credentials.clientId === clientId);
	}

	/** Wipes everything except the accounts themselves. */
	reset(): void {
		for (const account of this.accounts.values()) {
			account.envelopes.clear();
			account.webhooks = [];
			account.logs = [];
			account.smsProvider = null;
		}
		this.tokens.clear();
		this.requests = [];
		this.deliveries = [];
		this.notifications = [];
		this.chatMessages = [];
		this.identityAuthenticated.clear();
		this.tokenRequests = 0;
		this.faults = { remaining: 0, status: 500, latencyMs: 0 };
		this.tokenRefusal = { httpStatus: 401, errorCode: 401 };
	}

	// --- envelopes and documents ---------------------------------------------

	generateReference(): string {
		this.referenceCounter += 1;
		return `REF-${Date.now().toString(36).toUpperCase()}${String(this.referenceCounter).padStart(4, '0')}`;
	}

	referenceTaken(account: Account, reference: string): boolean {
		return [...account.envelopes.values()].some((e) => e.referenceNumber === reference);
	}

	documentIdTaken(documentId: string): boolean {
		return this.findDocumentAnywhere(documentId) !== undefined;
	}

	createEnvelope(
		account: Account,
		init: {
			files: Array<{ fileName: string; data: Buffer; fileId?: string }>;
			referenceNumber?: string;
			webhookId?: string | null;
			workflowId?: string | null;
			templateId?: string | null;
			password?: string | null;
			isForExternalWorkFlow?: boolean;
		},
	): EmulatedEnvelope {
		const files = init.files.map((f) => ({
			fileId: f.fileId ?? randomUUID(),
			fileName: f.fileName,
			data: f.data,
		}));
		const envelope: EmulatedEnvelope = {
			envelopeId: randomUUID(),
			documentId: files[0].fileId,
			account: account.credentials.accountId,
			referenceNumber: init.referenceNumber || this.generateReference(),
			webhookId: init.webhookId ?? null,
			workflowId: init.workflowId ?? null,
			templateId: init.templateId ?? null,
			password: init.password ?? null,
			isForExternalWorkFlow: init.isForExternalWorkFlow ?? false,
			status: 'Pending',
			createdAt: new Date(),
			completedAt: null,
			files,
			signers: [],
			invitationsSent: false,
			invitationMessage: null,
			invitationSubject: null,
			templateFields: [],
			reminders: [],
			lastCallback: null,
		};
		account.envelopes.set(envelope.envelopeId, envelope);
		return envelope;
	}

	envelopeOf(account: Account, envelopeId: string): EmulatedEnvelope | undefined {
		return account.envelopes.get(envelopeId.toLowerCase());
	}

	findEnvelopeAnywhere(envelopeId: string): EmulatedEnvelope | undefined {
		for (const account of this.accounts.values()) {
			const envelope = this.envelopeOf(account, envelopeId);
			if (envelope) return envelope;
		}
		return undefined;
	}

	/** A document of the account: its envelope and file. */
	documentOf(
		account: Account,
		documentId: string,
	): { envelope: EmulatedEnvelope; file: EmulatedFile } | undefined {
		const id = documentId.toLowerCase();
		for (const envelope of account.envelopes.values()) {
			const file = envelope.files.find((f) => f.fileId.toLowerCase() === id);
			if (file) return { envelope, file };
		}
		return undefined;
	}

	findDocumentAnywhere(
		documentId: string,
	): { envelope: EmulatedEnvelope; file: EmulatedFile } | undefined {
		for (const account of this.accounts.values()) {
			const found = this.documentOf(account, documentId);
			if (found) return found;
		}
		return undefined;
	}

	/** Finds a signer (destination) of the account by its destination id. */
	signerOf(
		account: Account,
		destinationId: string,
	): { envelope: EmulatedEnvelope; signer: EmulatedSigner } | undefined {
		const id = destinationId.toLowerCase();
		for (const envelope of account.envelopes.values()) {
			const signer = envelope.signers.find((s) => s.destinationId.toLowerCase() === id);
			if (signer) return { envelope, signer };
		}
		return undefined;
	}

	/** Current bytes of a file: the original plus the signatures collected so far. */
	currentBytes(envelope: EmulatedEnvelope, file: EmulatedFile): Buffer {
		const names = signedNames(envelope);
		return names.length ? signedPdf(file.data, names) : file.data;
	}

	// --- webhooks --------------------------------------------------------------

	/** The envelope's own webhook if it still exists, else the account's first default one. */
	callbackTarget(envelope: EmulatedEnvelope): Webhook | undefined {
		const account = this.account(envelope.account);
		if (!account) return undefined;
		const own = envelope.webhookId
			? account.webhooks.find((w) => w.id === envelope.webhookId)
			: undefined;
		return own ?? account.webhooks.find((w) => w.isDefault);
	}
}

export const signedNames = (envelope: EmulatedEnvelope): string[] =>
	envelope.signers
		.filter((s) => s.status === 'Signed')
		.sort((a, b) => (a.signedAt?.getTime() ?? 0) - (b.signedAt?.getTime() ?? 0))
		.map((s) => s.name);

/** Envelope status derived from its signers, for envelopes that are still active. */
export function refreshStatus(envelope: EmulatedEnvelope): void {
	if (!isActive(envelope)) return;
	envelope.status = envelope.signers.some((s) => s.status === 'Signed') ? 'In-progress' : 'Pending';
}
