/**
 * Drives the emulator through its public HTTP API, as another client of the service would
 * (for scenario steps that are not what the test is about, e.g. creating an envelope whose
 * completion a trigger should see).
 */
import type { Emulator } from '../emulator';
import type { ParsedJson } from '../harness/json';

export interface Signer {
	name: string;
	email: string;
	order: number;
}

export class EmulatorClient {
	private token = '';

	constructor(private readonly emu: Emulator) {}

	async getToken(): Promise<string> {
		if (this.token) return this.token;
		const d = this.emu.demo;
		const res = await fetch(`${this.emu.url}/Authentication/Authority/Token`, {
			method: 'POST',
			headers: {
				// The live sandbox's Basic pair is the account's, the spec's the client's (docs/service-api.md).
				authorization: `Basic ${Buffer.from(
					this.emu.profile === 'live'
						? `${d.accountId}:${d.accountSecret}`
						: `${d.clientId}:${d.clientSecret}`,
				).toString('base64')}`,
				'content-type': 'application/x-www-form-urlencoded',
			},
			body: new URLSearchParams({
				grant_type: 'integration',
				username: d.username,
				password: d.password,
				accountId: d.accountId,
				accountSecret: d.accountSecret,
			}),
		});
		const body = (await res.json()) as { access_token?: string };
		if (!res.ok || !body.access_token)
			throw new Error(`emulator token: HTTP ${res.status} ${JSON.stringify(body)}`);
		this.token = body.access_token;
		return this.token;
	}

	/**
	 * A wrapper call; throws unless errorCode is 0. Returns `data`. A refused token (HTTP 401, or errorCode 401 or 3:
	 * a scenario may expire every token) is renewed once, as any client of the service would.
	 */
	async call(method: string, path: string, body?: unknown, renewed = false): Promise<ParsedJson> {
		const res = await fetch(`${this.emu.url}${path}`, {
			method,
			headers: {
				authorization: `Bearer ${await this.getToken()}`,
				accept: 'application/json',
				...(body !== undefined ? { 'content-type': 'application/json' } : {}),
			},
			body: body !== undefined ? JSON.stringify(body) : undefined,
		});
		const json = (await res.json()) as { errorCode: number; message: string; data: unknown };
		if (!renewed && (res.status === 401 || json.errorCode === 401 || json.errorCode === 3)) {
			this.token = '';
			return await this.call(method, path, body, true);
		}
		if (json.errorCode !== 0)
			throw new Error(
				`emulator ${method} ${path}: HTTP ${res.status} errorCode ${json.errorCode} ${json.message}`,
			);
		return json.data;
	}

	/** initiate-base64 with the emulator's sample PDF (or the given bytes). */
	async createEnvelope(opts: {
		referenceNumber: string;
		webhookId?: string;
		pdf?: Buffer;
		fileName?: string;
	}): Promise<{ envelopeId: string; documentId: string }> {
		return this.call('POST', '/api/v1/envelopes/initiate-base64', {
			...(opts.webhookId ? { webhookId: opts.webhookId } : {}),
			referenceNumber: opts.referenceNumber,
			// The spec's `files`, or the live sandbox's `File` (docs/service-api.md#spec-and-live-service).
			[this.emu.profile === 'live' ? 'File' : 'files']: {
				file: (opts.pdf ?? this.emu.samplePdf).toString('base64'),
				fileName: opts.fileName ?? 'contract.pdf',
			},
		});
	}

	/** v3 invitations (sends notifications, returns the records). */
	async inviteV3(documentId: string, signers: Signer[]): Promise<unknown[]> {
		return this.call('POST', '/api/v3/invitations/send', {
			documentId,
			destinations: signers.map((s) => ({
				destinationName: s.name,
				destinationEmail: s.email,
				destinationPhoneNumber: '',
				signeOrder: s.order,
				authenticationType: 0,
				destinationType: 1,
				invitationLanguage: 2, // English, as published (docs/service-api.md#invitation-language)
			})),
			invitationMessage: 'Please sign',
			invitationSubject: 'Contract',
		});
	}
}
