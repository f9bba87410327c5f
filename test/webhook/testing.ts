/**
 * What the tests of the Webhook resource share (one *.test.ts per operation file of
 * nodes/ESignature/resources/webhook/): the emulator and harness of the test file (webhookSuite: its state and token
 * cache reset before each test, a new harness each time), webhooks made through the node, envelopes with a signer
 * made straight at the emulator's API, and failed deliveries of their callbacks.
 */
import type { Emulator } from '../emulator';
import { emulatorSuite } from '../harness';

export function webhookSuite() {
	const suite = emulatorSuite({ resetEach: 'reset', forgetTokens: true, freshHarness: true });

	/** A webhook made through the node's own Create operation. */
	async function createWebhook(webhookUrl: string, isDefault = false) {
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl,
				headerToken: 'secret-token-1',
				isDefault,
			},
		});
		expect(result.error).toBeUndefined();
		return result.items[0].json as { id: string; webhookUrl: string };
	}

	/**
	 * Two envelopes completed at the emulator, whose callbacks to the default webhook cannot be reached: two failed
	 * deliveries. A second webhook that is not the default gets none.
	 */
	async function failedDeliveries() {
		const hook = await createWebhook('http://127.0.0.1:9/unreachable', true);
		const created = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://example.com/unused',
			},
		});
		expect(created.error).toBeUndefined();
		const envelopeId = await emulatorEnvelope(suite.emulator);
		await suite.emulator.sign(envelopeId);
		const otherEnvelopeId = await emulatorEnvelope(suite.emulator);
		await suite.emulator.sign(otherEnvelopeId);
		return { hook, envelopeId };
	}

	return { suite, createWebhook, failedDeliveries };
}

/** An envelope created straight at the emulator's API (the envelope operations have tests of their own). */
export async function emulatorEnvelope(emulator: Emulator): Promise<string> {
	const { demo } = emulator;
	const tokenResponse = await fetch(`${emulator.url}/Authentication/Authority/Token`, {
		method: 'POST',
		headers: {
			Authorization: `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`,
			'Content-Type': 'application/x-www-form-urlencoded',
		},
		body: new URLSearchParams({
			grant_type: 'integration',
			username: demo.username,
			password: demo.password,
			accountId: demo.accountId,
			accountSecret: demo.accountSecret,
		}),
	});
	const { access_token } = (await tokenResponse.json()) as { access_token: string };
	const response = await fetch(`${emulator.url}/api/v1/envelopes/initiate-base64`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({
			referenceNumber: `REF-${Date.now()}`,
			files: { file: emulator.samplePdf.toString('base64'), fileName: 'a.pdf' },
		}),
	});
	const { data } = (await response.json()) as { data: { envelopeId: string; documentId: string } };
	await fetch(`${emulator.url}/api/v1/invitations`, {
		method: 'POST',
		headers: { Authorization: `Bearer ${access_token}`, 'Content-Type': 'application/json' },
		body: JSON.stringify({
			DocumentId: data.documentId,
			Destinations: [
				{ DestinationName: 'Sam Signer', DestinationEmail: 'sam@example.com', SigneOrder: 1 },
			],
		}),
	});
	return data.envelopeId;
}
