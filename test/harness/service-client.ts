/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * What a workflow elsewhere would do at the service while a trigger test runs: create envelopes pinned to a webhook,
 * read the delivery logs, re-send a callback; and callbacks as the service sends them, for posting by hand.
 */
import { randomUUID } from 'node:crypto';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { IBinaryData, IDataObject } from 'n8n-workflow';

import { CALLBACK_COMPLETED, CALLBACK_REJECTED, type Emulator } from '../emulator';

export interface DeliveryLogEntry {
	requestId: string;
	webhookStatus: string;
	httpStatusCode: number;
	webhookUrl: string;
	createdDate: string;
}

export class ServiceClient {
	/** The emulator is read when a call is made: test files start it in beforeAll. */
	constructor(private readonly emulatorOf: () => Emulator) {}

	private get emulator(): Emulator {
		return this.emulatorOf();
	}

	async apiToken(): Promise<string> {
		const { emulator } = this;
		const response = await fetch(`${emulator.authUrl}/connect/token`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({
				grant_type: 'client_credentials',
				client_id: emulator.demo.clientId,
				client_secret: emulator.demo.clientSecret,
				scope: 'Integrationscope',
			}),
		});
		return ((await response.json()) as { access_token: string }).access_token;
	}

	/** Creates an envelope at the emulator with two signers, its callbacks going to `webhookId`. */
	async createEnvelope(
		webhookId: string | undefined,
		referenceNumber = `REF-${randomUUID().slice(0, 8)}`,
	) {
		const { emulator } = this;
		const response = await fetch(`${emulator.url}/api/v1/envelopes/bulk/initiate-and-invite`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				authorization: `Bearer ${await this.apiToken()}`,
			},
			body: JSON.stringify({
				Files: [{ File: emulator.samplePdf.toString('base64'), fileName: 'contract.pdf' }],
				Destinations: [
					{ DestinationName: 'Sara Ali', DestinationEmail: 'sara@example.com', SigneOrder: 1 },
					{ DestinationName: 'Omar Saleh', DestinationEmail: 'omar@example.com', SigneOrder: 2 },
				],
				WebhookId: webhookId ?? null,
				ReferenceNumber: referenceNumber,
				SendUserInvitation: false,
			}),
		});
		const body = (await response.json()) as {
			errorCode: number;
			message: string;
			data: { envelopeId: string };
		};
		if (body.errorCode !== 0)
			throw new Error(`Envelope creation failed: ${body.errorCode} ${body.message}`);
		return { envelopeId: body.data.envelopeId, referenceNumber };
	}

	async webhookLogs(): Promise<DeliveryLogEntry[]> {
		const response = await fetch(`${this.emulator.url}/api/v1/webhooks/logs`, {
			headers: { authorization: `Bearer ${await this.apiToken()}` },
		});
		return ((await response.json()) as { data: DeliveryLogEntry[] }).data;
	}

	async recall(requestId: string) {
		const response = await fetch(`${this.emulator.url}/api/v1/webhooks/recall`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				authorization: `Bearer ${await this.apiToken()}`,
			},
			body: JSON.stringify({ requestId }),
		});
		return (await response.json()) as { errorCode: number };
	}

	/**
	 * A completion callback as the service sends it, one signer, the sample PDF as the signed file, for an envelope the
	 * emulator holds in that state (completed, rejected for Status 2, cancelled otherwise), not pinned to any webhook:
	 * the trigger confirms callbacks with the service before it starts anything.
	 */
	sampleCallback(overrides: IDataObject = {}): IDataObject {
		const { state } = this.emulator;
		const envelope = state.createEnvelope(state.account(this.emulator.demo.accountId)!, {
			files: [{ fileName: 'contract.pdf', data: this.emulator.samplePdf }],
			referenceNumber: 'REF-1-' + state.generateReference(),
		});
		const status = overrides.Status ?? CALLBACK_COMPLETED;
		// A Status code the service has not published names an end the published ones do not: cancelled, here.
		envelope.status =
			status === CALLBACK_COMPLETED
				? 'Completed'
				: status === CALLBACK_REJECTED
					? 'Rejected'
					: 'Cancelled';
		return {
			RequestId: envelope.envelopeId,
			Status: CALLBACK_COMPLETED,
			Files: [{ FileName: 'contract.pdf', File: this.emulator.samplePdf.toString('base64') }],
			ReferencNumber: 'REF-1',
			Fields: [],
			Signatory: [
				{
					Id: randomUUID(),
					Status: 'SIGNED',
					FullName: 'Sara Ali',
					FullNameAr: 'سارة علي',
					NationalId: '1000000001',
					SignOrder: 1,
					Email: 'sara@example.com',
					PhoneNumber: '',
					AuthenticationType: 'WITHOUTVALIDATION',
					Gender: 'FEMALE',
					Nationlity: 'SAUDI',
					RejectReason: null,
				},
			],
			...overrides,
		};
	}
}

export async function binaryBytes(binary: IBinaryData): Promise<Buffer> {
	if (binary.id) return await Container.get(BinaryDataService).getAsBuffer(binary);
	return Buffer.from(binary.data, 'base64');
}

/** POSTs to the trigger's webhook the way any client could (not the emulator). */
export async function post(
	url: string,
	body: string | Buffer,
	headers: Record<string, string>,
): Promise<number> {
	const response = await fetch(url, { method: 'POST', headers, body });
	await response.arrayBuffer();
	return response.status;
}
