import type { IDataObject, INode, INodeParameters, INodePropertyOptions, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';

import { emulatorSuite } from './harness';

/**
 * The E-Signature node as the tool n8n makes of it for an AI Agent or MCP Server Trigger (type eSignatureTool, the
 * model's arguments as its input item, fields set to $fromAI), through n8n-core's routing engine against the emulator:
 * what the service receives, and what a model reads back (docs/ai-agents.md).
 */

const suite = emulatorSuite();
const { apiRequests } = suite;

const UNKNOWN_ID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const fromAI = (key: string) => `={{ $fromAI('${key}', '', 'string') }}`;

/** Runs one operation as a tool called by a model with these arguments. */
async function callTool(resource: string, parameters: INodeParameters, args: IDataObject) {
	return await suite.harness.run({ asTool: true, parameters: { resource, ...parameters }, items: [{ json: args }] });
}

function newDocument(): string {
	const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
	return suite.emulator.state.createEnvelope(account, { files: [{ fileName: 'contract.pdf', data: suite.emulator.samplePdf }] })
		.documentId;
}

const modelSigner = {
	name: fromAI('name'),
	email: fromAI('email'),
	authenticationType: fromAI('authenticationType'),
	destinationType: fromAI('recipientType'),
	invitationLanguage: fromAI('invitationLanguage'),
};

describe('named values, as a model writes them', () => {
	it('takes invitation language, authentication type and recipient type by name, in any case', async () => {
		const documentId = newDocument();
		const result = await callTool(
			'invitation',
			{ operation: 'getSigningLinks', documentId, destinations: { destination: [modelSigner] } },
			{ name: 'Jane Doe', email: 'jane@example.com', authenticationType: 'email one-time password', recipientType: 'SIGNER', invitationLanguage: 'English' },
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toMatchObject({
			documentId,
			destinations: [{ destinationName: 'Jane Doe', authenticationType: 3, destinationType: 1, invitationLanguage: 1 }],
		});
		expect(result.items[0].json).toMatchObject({ invitationLanguage: 'English', authenticationType: 'Email One-Time Password' });
	});

	it('takes a number, also written as text', async () => {
		const documentId = newDocument();
		const result = await callTool(
			'invitation',
			{ operation: 'getSigningLinks', documentId, destinations: { destination: [modelSigner] } },
			{ name: 'Jane Doe', email: 'jane@example.com', authenticationType: 0, recipientType: '1', invitationLanguage: ' 0 ' },
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toMatchObject({ destinations: [{ authenticationType: 0, destinationType: 1, invitationLanguage: 0 }] });
	});

	it('refuses a name the list does not have, listing the allowed values, and sends nothing', async () => {
		const result = await callTool(
			'invitation',
			{ operation: 'getSigningLinks', documentId: newDocument(), destinations: { destination: [modelSigner] } },
			{ name: 'Jane Doe', email: 'jane@example.com', authenticationType: 'none', recipientType: 'signer', invitationLanguage: 'Klingon' },
		);
		expect(result.error?.message).toBe(
			'Signers, signer 1: Invitation Language must be one of Arabic (0), English (1), by name or number; got "Klingon"',
		);
		expect(apiRequests()).toHaveLength(0);
	});

	it('takes the SMS provider and the delivery-status filter by name', async () => {
		const configured = await callTool(
			'smsProvider',
			{
				operation: 'configure',
				smsProvider: fromAI('provider'),
				smsUrl: 'https://sms.example.com/send',
				smsSender: 'ACME',
				smsUserame: 'acme-user',
				smsPassword: 'sms-secret',
			},
			{ provider: 'unifonic' },
		);
		expect(configured.error).toBeUndefined();
		expect(apiRequests()[0].body).toMatchObject({ smsProvider: 3 });
		const logs = await callTool('webhook', { operation: 'getLogs', filters: { webhookStatus: fromAI('status') } }, { status: 'Failed from client' });
		expect(logs.error).toBeUndefined();
		const refused = await callTool('webhook', { operation: 'getLogs', filters: { webhookStatus: fromAI('status') } }, { status: 'failed' });
		expect(refused.error?.message).toBe(
			'Filters: Delivery Status must be one of Pending (0), Success (1), Recall (2), Failed From Client (4), by name or number; got "failed"',
		);
		expect(apiRequests().map((request) => request.path)).toEqual(['/api/v1/configuration/sms-provider', '/api/v1/webhooks/logs']);
	});
});

describe('errors, as a model reads them', () => {
	it('an unknown envelope: the message says the ID does not exist or belongs to another account', async () => {
		const result = await callTool('envelope', { operation: 'getStatus', envelopeId: fromAI('envelopeId') }, { envelopeId: UNKNOWN_ID });
		expect(apiRequests()).toHaveLength(1);
		// n8n hands a model only the error's message (docs/ai-agents.md#errors).
		expect(result.error?.message).toBe(
			'The requested item was not found. The service answered without data: the ID does not exist or belongs to another account. Check the ID.',
		);
	});

	it('a malformed ID: refused before anything is sent, with what an ID looks like', async () => {
		const result = await callTool('envelope', { operation: 'getStatus', envelopeId: fromAI('envelopeId') }, { envelopeId: 'envelope-1' });
		expect(apiRequests()).toHaveLength(0);
		expect(result.error?.message).toBe('Envelope ID must be an ID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got "envelope-1"');
	});

	it('a service error: its meaning, code and the service\'s own message', async () => {
		const result = await callTool('envelope', { operation: 'createFromTemplate', templateId: fromAI('templateId') }, { templateId: UNKNOWN_ID });
		expect(apiRequests()).toHaveLength(1);
		expect(result.error?.message).toBe('The item was not found (error 404). Service message: Template not found');
	});

	it('in a workflow the message stays short and the explanation stays in the description', async () => {
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'get', webhookId: { __rl: true, mode: 'id', value: UNKNOWN_ID } },
		});
		expect(result.error?.message).toBe('The requested item was not found');
		expect(result.error?.description).toMatch(/does not exist or belongs to another account/);
	});
});

describe('empty lists (the demo account has no webhooks)', () => {
	it('as a tool, no webhooks is an answer a model can read', async () => {
		const result = await callTool('webhook', { operation: 'getAll', returnAll: true }, {});
		expect(apiRequests().map((request) => request.path)).toEqual(['/api/v1/webhooks']);
		expect(result.items.map((item) => item.json)).toEqual([
			{ count: 0, results: [], message: 'The service answered with an empty list: nothing matches.' },
		]);
	});

	it('in a workflow, no webhooks is no items, as before', async () => {
		const result = await suite.harness.run({ parameters: { resource: 'webhook', operation: 'getAll', returnAll: true } });
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});
});

describe('File Input as a tool (n8n\'s @tool display option): no Binary File, URL by default', () => {
	const eSignature = new ESignature().description;
	const tool = { ...eSignature, name: 'eSignatureTool' };
	const fileInputs = eSignature.properties.filter((property) => property.name === 'fileInput');
	const node = { name: 'E-Signature', type: 'eSignature', typeVersion: 1, parameters: {} } as unknown as INode;
	/** The File Input field the editor shows for Create From Base64, and the value a new node starts with. */
	function fileInputOf(description: INodeTypeDescription) {
		const values = { resource: 'envelope', operation: 'createFromBase64' };
		const shown = fileInputs.filter((property) => NodeHelpers.displayParameter(values, property, node, description, values));
		const resolved = NodeHelpers.getNodeParameters(description.properties, values, true, false, node, description);
		return { shown, value: resolved?.fileInput };
	}

	it('as a tool, File Input offers URL and Base64 Text, and starts at URL', () => {
		const { shown, value } = fileInputOf(tool);
		expect(shown).toHaveLength(1);
		expect(shown[0].options!.map((option) => (option as INodePropertyOptions).value)).toEqual(['url', 'base64']);
		expect(value).toBe('url');
	});

	it('in a workflow, File Input still offers Binary File first and starts at it', () => {
		const { shown, value } = fileInputOf(eSignature);
		expect(shown).toHaveLength(1);
		expect(shown[0].options!.map((option) => (option as INodePropertyOptions).value)).toEqual(['binary', 'base64', 'url']);
		expect(value).toBe('binary');
	});

	it('a tool with File Input left as it is downloads the link the model gives', async () => {
		const documentUrl = `${suite.emulator.url}/sample/contract.pdf`;
		const result = await callTool('envelope', { operation: 'createFromBase64', fileUrl: fromAI('documentUrl') }, { documentUrl });
		expect(result.error).toBeUndefined();
		const [create] = apiRequests();
		expect(create.path).toBe('/api/v1/envelopes/initiate-base64');
		expect(create.body).toMatchObject({ files: { file: suite.emulator.samplePdf.toString('base64'), fileName: 'contract.pdf' } });
	});
});
