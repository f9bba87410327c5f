/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Every Webhook operation's output masks a header token and n8n's resume token that an answer echoes
 * (docs/security.md#masking), as a workflow's output and as a tool's answer to a model: the emulator answers each
 * operation with a webhook record that carries both in clear.
 */
import type { INodeParameters } from 'n8n-workflow';

import { byId } from '../harness';
import { actionOperations } from '../harness/operations';
import { webhookSuite } from './testing';

const { suite, createWebhook } = webhookSuite();

const TOKEN = 'echoed-header-token-0123456789';
const RESUME_TOKEN = 'resume-signature-abcdef0123456789';
const echoed = {
	id: '6f1c2a3e-0000-4000-8000-000000000001',
	webhookUrl: `https://n8n.example.com/webhook-waiting/42/esign?signature=${RESUME_TOKEN}`,
	headerToken: TOKEN,
	isDefault: false,
};

/** Each operation's parameters, and the path of its request to the service. */
const runs: Record<string, (webhookId: string) => [INodeParameters, RegExp]> = {
	update: (id) => [
		{
			operation: 'update',
			webhookId: byId(id),
			updateFields: { webhookUrl: 'https://example.com/new', isDefault: true },
		},
		/^\/api\/v1\/webhooks$/,
	],
	delete: (id) => [{ operation: 'delete', webhookId: byId(id) }, /^\/api\/v1\/webhooks\//],
	resend: () => [
		{ operation: 'resend', requestId: '6f1c2a3e-0000-4000-8000-000000000002' },
		/\/recall$/,
	],
	create: () => [
		{ operation: 'create', webhookUrl: 'https://example.com/in', headerToken: TOKEN },
		/^\/api\/v1\/webhooks$/,
	],
	createMany: () => [
		{
			operation: 'createMany',
			webhooks: { webhook: [{ webhookUrl: 'https://example.com/in', headerToken: TOKEN }] },
		},
		/^\/api\/v1\/webhooks/,
	],
	get: (id) => [{ operation: 'get', webhookId: byId(id) }, /^\/api\/v1\/webhooks\//],
	getAll: () => [{ operation: 'getAll' }, /^\/api\/v1\/webhooks$/],
	getLogs: () => [{ operation: 'getLogs' }, /\/logs$/],
};

describe('webhook answers that echo a header token and a resume token', () => {
	it('every Webhook operation is covered here', () => {
		const webhookOperations = actionOperations()
			.filter((entry) => entry.resource === 'webhook')
			.map((entry) => entry.operation)
			.sort();
		expect(Object.keys(runs).sort()).toEqual(webhookOperations);
	});

	describe.each([false, true])('as a tool: %s', (asTool) => {
		it.each(Object.keys(runs))('%s masks both', async (operation) => {
			const created = await createWebhook('https://example.com/echo');
			const [parameters, path] = runs[operation](created.id);
			const answer = operation === 'getAll' || operation === 'getLogs' ? [echoed] : echoed;
			suite.emulator.failNext(1, 200, { data: answer, errorCode: 0, message: 'Success' }, path);

			const result = await suite.harness.run({
				asTool,
				parameters: { resource: 'webhook', ...parameters },
			});

			expect(result.error).toBeUndefined();
			const output = JSON.stringify(result.items);
			expect(output).toContain('signature=••••');
			expect(output).toContain('••••6789');
			expect(output).not.toContain(TOKEN);
			expect(output).not.toContain(RESUME_TOKEN);
		});
	});
});
