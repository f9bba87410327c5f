/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Scenarios 1-3: the E-Signature action node in a real n8n against the emulator.
 *   1. PDF from disk -> envelope -> v3 invitations (two signers) -> status -> the emulator signs ->
 *      signed document downloaded into binary -> written to disk: the file is the emulator's signed PDF.
 *   2. Webhook create, list, update, get, logs and delete in one workflow.
 *   3. An unknown CR number (error 149): the execution fails with our message; with Continue On Fail it
 *      goes on and outputs the error item.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { EmulatorClient } from './emulator-client';
import { assertSuccess, executionError, nodeOutput } from './n8n';
import { type Stack, startStack } from './stack';
import { chain, esignatureNode, manualTrigger, type NodeSpec } from './workflow-builder';
import { byId } from '../harness/values';

jest.setTimeout(300_000);

const esig = esignatureNode;

describe('E-Signature node in n8n', () => {
	let stack: Stack;

	beforeAll(async () => {
		stack = await startStack({ tarball: process.env.ESIG_E2E_TARBALL });
	});
	afterAll(async () => {
		await stack?.stop();
	});

	test('scenario 1: file -> envelope -> v3 invitations -> status -> signed -> download -> file', async () => {
		const emu = stack.emulator;
		// Read/Write Files from Disk may not touch ~/.n8n; a sibling folder is allowed.
		const filesDir = join(stack.userFolder, 'files');
		mkdirSync(filesDir, { recursive: true });
		const input = join(filesDir, 'contract.pdf');
		const output = join(filesDir, 'contract-signed.pdf');
		writeFileSync(input, emu.samplePdf);

		const wf = chain('Scenario 1 send for signature', [
			manualTrigger(),
			{
				name: 'Read PDF',
				type: 'n8n-nodes-base.readWriteFile',
				typeVersion: 1.1,
				parameters: { operation: 'read', fileSelector: input, options: {} },
			},
			esig('Create Envelope', {
				resource: 'envelope',
				operation: 'create',
				inputDataFieldName: 'data',
				additionalFields: { referenceNumber: 'E2E-S1-1' },
			}),
			esig('Invite Signers', {
				resource: 'invitation',
				operation: 'sendWithLinks',
				documentId: '={{ $json.documentId }}',
				destinationsInput: 'fields',
				destinations: {
					destination: [
						{ name: 'Alice Signer', email: 'alice@example.com', signOrder: 1 },
						{ name: 'Bob Signer', email: 'bob@example.com', signOrder: 2 },
					],
				},
				invitationSubject: 'Please sign the contract',
				invitationMessage: 'Two signatures needed',
			}),
			esig(
				'Extend Invitations',
				{
					resource: 'envelope',
					operation: 'extendInvitations',
					envelopeId: '={{ $("Create Envelope").first().json.envelopeId }}',
					availableTo: '2099-01-31T20:00:00+03:00',
				},
				{ executeOnce: true },
			),
			esig(
				'Get Status',
				{
					resource: 'envelope',
					operation: 'getStatus',
					envelopeId: '={{ $("Create Envelope").first().json.envelopeId }}',
				},
				{ executeOnce: true },
			),
			{
				// The signers act at the service: here the emulator's control endpoint signs for both.
				name: 'Emulator Signs',
				type: 'n8n-nodes-base.httpRequest',
				typeVersion: 4.2,
				executeOnce: true,
				parameters: {
					method: 'POST',
					url: `=${emu.url}/_emulator/envelopes/{{ $("Create Envelope").first().json.envelopeId }}/sign`,
					options: {},
				},
			},
			esig('Download Signed', {
				resource: 'document',
				operation: 'downloadSigned',
				documentId: '={{ $("Create Envelope").first().json.documentId }}',
				binaryPropertyName: 'data',
			}),
			{
				name: 'Write PDF',
				type: 'n8n-nodes-base.readWriteFile',
				typeVersion: 1.1,
				parameters: { operation: 'write', fileName: output, dataPropertyName: 'data', options: {} },
			},
		]);
		await stack.addWorkflow(wf);
		emu.clearRequests();
		const ex = assertSuccess(await stack.n8n.runWorkflow(wf.id));

		const created = nodeOutput(ex, 'Create Envelope')[0].json;
		const envelope = emu.envelope(created.envelopeId);
		expect(envelope).toBeDefined();
		expect(envelope!.referenceNumber).toBe('E2E-S1-1');
		expect(envelope!.files[0].data.equals(emu.samplePdf)).toBe(true); // the file from disk was uploaded

		const invitations = nodeOutput(ex, 'Invite Signers').map((i) => i.json);
		expect(invitations.map((i) => i.destination)).toEqual(['alice@example.com', 'bob@example.com']);
		expect(invitations.every((i) => typeof i.invitationLink === 'string' && i.invitationLink)).toBe(
			true,
		);
		expect(emu.requestsTo('POST', '/api/v3/invitations/send')).toHaveLength(1);
		const notified = emu.notifications.filter(
			(n) => n.envelopeId === created.envelopeId && n.kind === 'invitation',
		);
		expect(notified.map((n) => n.to).sort()).toEqual(['alice@example.com', 'bob@example.com']);

		// Available To is sent by its field's routing (an expression of n8n's engine), in UTC.
		const [extended] = emu.requestsTo('PUT', '/api/v1/envelopes/extend-invitations');
		expect(extended.body).toEqual({
			envelopeId: created.envelopeId,
			availableTo: '2099-01-31T17:00:00Z',
		});

		const status = nodeOutput(ex, 'Get Status');
		expect(status).toHaveLength(1);
		expect(status[0].json.envelopeId).toBe(created.envelopeId);
		expect(status[0].json.signers).toHaveLength(2);

		expect(envelope!.status).toBe('Completed');
		const signed = emu.state.currentBytes(envelope!, envelope!.files[0]);
		expect(signed.equals(emu.samplePdf)).toBe(false);
		const downloaded = nodeOutput(ex, 'Download Signed');
		expect(downloaded).toHaveLength(1);
		expect(downloaded[0].binary?.data?.mimeType).toBe('application/pdf');

		const onDisk = readFileSync(output);
		expect(onDisk.equals(signed)).toBe(true);
	});

	test('scenario 2: webhook create, list, update, get, logs and delete in one workflow', async () => {
		const emu = stack.emulator;
		// A failed delivery in the account's log, so that Get Logs has something to return.
		const client = new EmulatorClient(emu);
		const unreachable = 'http://127.0.0.1:9/e2e-unreachable';
		const other = await client.call('POST', '/api/v1/webhooks', {
			webhookUrl: unreachable,
			headerToken: 't',
			isDefault: false,
		});
		const { envelopeId } = await client.createEnvelope({
			referenceNumber: 'E2E-S2-LOG',
			webhookId: other.id,
		});
		await emu.sign(envelopeId);
		expect(emu.deliveries.filter((d) => d.requestId === envelopeId && !d.ok)).toHaveLength(1);

		const hookId = '={{ $("Create Webhook").first().json.id }}';
		const once = { executeOnce: true };
		const wf = chain('Scenario 2 webhooks', [
			manualTrigger(),
			esig('Create Webhook', {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://hooks.example.com/e2e-a',
				headerToken: 'secret-a',
				isDefault: false,
			}),
			esig('List Webhooks', { resource: 'webhook', operation: 'getAll', returnAll: true }),
			esig(
				'Update Webhook',
				{
					resource: 'webhook',
					operation: 'update',
					webhookId: byId(hookId),
					updateFields: { webhookUrl: 'https://hooks.example.com/e2e-b', isDefault: true },
				},
				once,
			),
			esig('Get Webhook', { resource: 'webhook', operation: 'get', webhookId: byId(hookId) }, once),
			esig(
				'Get Logs',
				{ resource: 'webhook', operation: 'getLogs', filters: { webhookStatus: 4 } },
				once,
			),
			esig(
				'Delete Webhook',
				{ resource: 'webhook', operation: 'delete', webhookId: byId(hookId) },
				once,
			),
		]);
		await stack.addWorkflow(wf);
		emu.clearRequests();
		const ex = assertSuccess(await stack.n8n.runWorkflow(wf.id));

		const created = nodeOutput(ex, 'Create Webhook')[0].json;
		expect(created.id).toMatch(/^[0-9a-f-]{36}$/i);
		expect(created.webhookUrl).toBe('https://hooks.example.com/e2e-a');
		expect(emu.requestsTo('POST', '/api/v1/webhooks')[0].body).toMatchObject({
			webhookUrl: 'https://hooks.example.com/e2e-a',
			headerToken: 'secret-a',
			isDefault: false,
		});

		const listed = nodeOutput(ex, 'List Webhooks').map((i) => i.json.id);
		expect(listed.sort()).toEqual([other.id, created.id].sort());

		expect(emu.requestsTo('PUT', '/api/v1/webhooks')[0].body).toMatchObject({
			id: created.id,
			webhookUrl: 'https://hooks.example.com/e2e-b',
			isDefault: true,
		});
		const got = nodeOutput(ex, 'Get Webhook');
		expect(got).toHaveLength(1);
		expect(got[0].json).toMatchObject({
			id: created.id,
			webhookUrl: 'https://hooks.example.com/e2e-b',
			isDefault: true,
		});

		const logs = nodeOutput(ex, 'Get Logs').map((i) => i.json);
		expect(logs.length).toBeGreaterThanOrEqual(1);
		expect(logs.some((l) => l.requestId === envelopeId && l.webhookUrl === unreachable)).toBe(true);

		expect(emu.requestsTo('DELETE', `/api/v1/webhooks/${created.id}`)).toHaveLength(1);
		expect(emu.webhooks().map((w) => w.id)).toEqual([other.id]);
	});

	test('scenario 3: unknown CR number fails with our message; Continue On Fail outputs the error item', async () => {
		const emu = stack.emulator;
		const unknownCr = '9999999999';
		const check = (extra: Partial<NodeSpec> = {}) =>
			esig(
				'Check CR',
				{
					resource: 'commercialRegistration',
					operation: 'check',
					commercialNumber: unknownCr,
					language: 'en',
				},
				extra,
			);
		const after: NodeSpec = {
			name: 'After Check',
			type: 'n8n-nodes-base.set',
			typeVersion: 3.4,
			parameters: {
				assignments: { assignments: [{ id: 'a', name: 'wentOn', value: true, type: 'boolean' }] },
				includeOtherFields: true,
				options: {},
			},
		};

		const failing = chain('Scenario 3 unknown CR', [manualTrigger(), check(), after]);
		await stack.addWorkflow(failing);
		const ex = await stack.n8n.runWorkflow(failing.id);
		expect(ex.status).toBe('error');
		const message = executionError(ex) ?? '';
		expect(message).toContain(
			'The commercial registration number is not registered with the Ministry of Commerce (error 149)',
		);
		expect(ex.data?.resultData.error?.node?.name ?? ex.data?.resultData.lastNodeExecuted).toBe(
			'Check CR',
		);
		expect(ex.data?.resultData.runData['After Check']).toBeUndefined();
		expect(
			emu.requestsTo('GET', `/api/v2/kyb/check-cr/${unknownCr}`).length,
		).toBeGreaterThanOrEqual(1);

		const tolerant = chain('Scenario 3 unknown CR, continue on fail', [
			manualTrigger(),
			check({ onError: 'continueRegularOutput' }),
			after,
		]);
		await stack.addWorkflow(tolerant);
		const ex2 = assertSuccess(await stack.n8n.runWorkflow(tolerant.id));
		const [item] = nodeOutput(ex2, 'After Check');
		expect(item.json.wentOn).toBe(true);
		expect(JSON.stringify(item.json.error)).toContain('error 149');
	});

	test("n8n's Custom API Call entry, executed, is an error pointing at the HTTP Request node, and sends nothing", async () => {
		const emu = stack.emulator;
		const wf = chain('Custom API Call', [
			manualTrigger(),
			esig('Custom Call', { resource: 'envelope', operation: '__CUSTOM_API_CALL__' }),
		]);
		await stack.addWorkflow(wf);
		emu.clearRequests();

		const ex = await stack.n8n.runWorkflow(wf.id);

		expect(ex.status).toBe('error');
		expect(executionError(ex)).toContain(
			'Custom API Call is not an operation of this node: nothing was sent',
		);
		expect(emu.requests.filter((request) => request.path.startsWith('/api/'))).toHaveLength(0);
	});
});
