import type { INodeParameters } from 'n8n-workflow';

import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { emulatorSuite, fromAI } from './harness';

/**
 * E-Signature Send and Wait as an AI tool (docs/ai-agents.md#send-and-wait), through n8n-core's WorkflowExecute
 * against the emulator: where the run has no execution that can wait (n8n's MCP Server Trigger runs a tool outside any
 * execution), it is refused before anything reaches the service; under the AI Agent it sends and waits as in a
 * workflow.
 */

const suite = emulatorSuite();
const nodeType = new ESignatureSendAndWait();

const parameters: INodeParameters = {
	fileInput: 'url',
	fileUrls: fromAI('documentUrl'),
	destinationsInput: 'fields',
	destinations: { destination: [{ name: fromAI('signerName'), email: fromAI('signerEmail') }] },
};
const args = {
	documentUrl: 'http://127.0.0.1:9/never-downloaded.pdf',
	signerName: 'Jane Doe',
	signerEmail: 'jane@example.com',
};

describe('E-Signature Send and Wait as a tool', () => {
	it('outside an execution (an MCP client): refused before anything is downloaded or sent, saying why', async () => {
		const webhooksBefore = suite.emulator.webhooks().length;
		const result = await suite.harness.run({
			nodeType,
			parameters,
			asTool: true,
			withoutExecution: true,
			items: [{ json: args }],
		});
		expect(result.error?.message).toBe(
			"Send and Wait for Signature cannot wait here: this run has no execution that can pause until the envelope is signed (as when an MCP client calls it through the MCP Server Trigger). Nothing was sent. Use the E-Signature node as the tool instead: Envelope → Create and Invite (or Invitation → Send and Get Links) sends the contract, Envelope → Get Status follows it. Send and Wait waits under n8n's AI Agent and in workflows.",
		);
		expect(suite.apiRequests()).toEqual([]);
		expect(suite.emulator.webhooks()).toHaveLength(webhooksBefore);
	});

	it('in a workflow run without an execution: refused the same way', async () => {
		const result = await suite.harness.run({
			nodeType,
			parameters: {
				...parameters,
				fileUrls: 'http://127.0.0.1:9/never-downloaded.pdf',
				destinations: { destination: [{ name: 'Jane', email: 'jane@example.com' }] },
			},
			withoutExecution: true,
		});
		expect(result.error?.message).toMatch(/^Send and Wait for Signature cannot wait here/);
		expect(suite.apiRequests()).toEqual([]);
	});

	it.each([
		['sendAndOutputLinks', 'Send and Output Signing Links'],
		['waitForSignature', 'Wait for Signature'],
	])(
		'outside an execution, %s is refused naming the operation chosen (%s)',
		async (operation, name) => {
			const result = await suite.harness.run({
				nodeType,
				parameters: { ...parameters, operation },
				asTool: true,
				withoutExecution: true,
				items: [{ json: args }],
			});
			expect(result.error?.message).toMatch(
				new RegExp(`^${name} cannot wait here: this run has no execution that can pause`),
			);
			expect(suite.apiRequests()).toEqual([]);
		},
	);

	it('under the AI Agent (an execution that can wait): sends and waits for the signature', async () => {
		const result = await suite.harness.run({
			nodeType,
			asTool: true,
			parameters: { ...parameters, fileInput: 'binary', inputDataFieldName: 'data' },
			items: [
				{
					json: args,
					binary: { data: { data: suite.emulator.samplePdf, fileName: 'contract.pdf' } },
				},
			],
		});
		expect(result.error).toBeUndefined();
		expect(result.run.status).toBe('waiting');
		expect(suite.apiRequests().map((request) => `${request.method} ${request.path}`)).toEqual([
			'GET /api/v1/webhooks',
			'POST /api/v1/webhooks',
			'POST /api/v1/envelopes/bulk/initiate-base64',
			'PUT /api/v1/webhooks',
			'POST /api/v3/invitations/send',
		]);
	});

	it('under the AI Agent: a link to an internal address is refused before anything is downloaded or sent (docs/security.md)', async () => {
		const internal = `${suite.emulator.url}/sample/contract.pdf`;
		const result = await suite.harness.run({
			nodeType,
			parameters,
			asTool: true,
			items: [{ json: { ...args, documentUrl: internal } }],
		});
		expect(result.error?.message).toMatch(
			new RegExp(
				`^File URLs: refused: internal address ${new URL(internal).origin.replace(/\./g, '\\.')}\\.`,
			),
		);
		expect(suite.apiRequests()).toEqual([]);
	});
});
