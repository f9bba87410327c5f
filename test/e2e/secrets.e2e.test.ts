/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The secrets sweep: workflows that touch every secret (the credential's grant, the access token, a webhook's header
 * token, the SMS gateway's password, the trigger's own token, a service error with Continue On Fail) run in a real
 * n8n, then every execution (with its data), n8n's log and every error text is searched for each secret. n8n keeps
 * the parameters a user types in the workflow: secrets are given by expression from the environment here, as the
 * README recommends.
 */
import { randomUUID } from 'node:crypto';

import { EmulatorClient } from './emulator-client';
import { sleep } from './n8n';
import { type Stack, startStack, TRIGGER_TYPE } from './stack';
import { chain, ESIG_CREDENTIAL, esignatureNode, manualTrigger } from './workflow-builder';

jest.setTimeout(300_000);

const SMS_PASSWORD = `sms-${randomUUID()}`;
const HEADER_TOKEN = `hdr-${randomUUID()}`;

const esig = esignatureNode;

describe('secrets sweep', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack({
			tarball: process.env.ESIG_E2E_TARBALL,
			env: { ESIG_SMS_PASSWORD: SMS_PASSWORD, ESIG_HEADER_TOKEN: HEADER_TOKEN },
		});
	});
	afterAll(async () => {
		await stack?.stop();
	});

	test('no execution data, log line or error text of the run carries a secret', async () => {
		const emu = stack.emulator;
		const trigger = chain('Secrets trigger', [
			{
				name: 'On Signing Event',
				type: TRIGGER_TYPE,
				typeVersion: 1,
				webhookId: randomUUID(),
				parameters: { events: ['*'], options: {} },
				credentials: ESIG_CREDENTIAL,
			},
		]);
		await stack.addWorkflow(trigger, { activate: true });
		const actions = chain('Secrets actions', [
			manualTrigger(),
			esig('Create Webhook', {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://hooks.example.com/in',
				headerToken: '={{ $env.ESIG_HEADER_TOKEN }}',
			}),
			esig(
				'List Webhooks',
				{ resource: 'webhook', operation: 'getAll', options: { includeResponseWrapper: true } },
				{ executeOnce: true },
			),
			esig(
				'Configure SMS',
				{
					resource: 'smsProvider',
					operation: 'configure',
					smsProvider: 3,
					smsUrl: 'https://sms.example.com/send',
					smsSender: 'ACME',
					smsUserame: 'acme-user',
					smsPassword: '={{ $env.ESIG_SMS_PASSWORD }}',
				},
				{ executeOnce: true },
			),
			esig(
				'SMS Refused',
				{
					resource: 'smsProvider',
					operation: 'configure',
					smsProvider: '={{ 9 }}',
					smsUrl: 'https://sms.example.com/send',
					smsSender: 'ACME',
					smsUserame: 'acme-user',
					smsPassword: '={{ $env.ESIG_SMS_PASSWORD }}',
				},
				{ executeOnce: true, onError: 'continueRegularOutput' },
			),
		]);
		await stack.addWorkflow(actions);
		await stack.n8n.runWorkflow(actions.id);

		// A signing event through the trigger, and a forced expiry so that tokens are renewed and refused ones exist.
		const deadline = Date.now() + 30_000;
		while (!emu.webhooks().some((w) => w.webhookUrl.includes('/webhook/')) && Date.now() < deadline)
			await sleep(200);
		const hook = emu.webhooks().find((w) => w.webhookUrl.includes('/webhook/'))!;
		const client = new EmulatorClient(emu);
		const { envelopeId, documentId } = await client.createEnvelope({
			referenceNumber: 'E2E-SECRETS',
			webhookId: hook.id,
		});
		await client.inviteV3(documentId, [
			{ name: 'Alice Signer', email: 'alice@example.com', order: 1 },
		]);
		await emu.sign(envelopeId);
		emu.expireAllTokens();
		await stack.n8n.runWorkflow(actions.id);
		await stack.n8n.waitForExecutions(trigger.id, 1, 30_000);

		// The secrets were really used: the service received them.
		expect(emu.state.account(emu.demo.accountId)!.smsProvider?.smsPassword).toBe(SMS_PASSWORD);
		expect(emu.webhooks().map((w) => w.headerToken)).toContain(HEADER_TOKEN);
		expect(emu.deliveries.filter((d) => d.requestId === envelopeId && d.ok)).toHaveLength(1);

		const executions = await stack.n8n.listExecutions({ includeData: true, limit: 250 });
		expect(executions.length).toBeGreaterThanOrEqual(3);
		const haystack = [JSON.stringify(executions), stack.n8n.log()].join('\n');
		const secrets: Array<[string, string]> = [
			['the client secret', emu.demo.clientSecret],
			['the account password', emu.demo.password],
			['the account secret', emu.demo.accountSecret],
			['the SMS password', SMS_PASSWORD],
			['the typed header token', HEADER_TOKEN],
			...emu.webhooks().map((w): [string, string] => ['a webhook header token', w.headerToken]),
			...[...emu.state.tokens.keys()].map((token): [string, string] => [
				'an access token the service issued',
				token,
			]),
		];
		expect(secrets.length).toBeGreaterThan(6);
		const found = secrets
			.filter(([, secret]) => secret && haystack.includes(secret))
			.map(([what]) => what);
		expect(found).toEqual([]);
	});
});
