import type {
	IDataObject,
	INode,
	INodeParameters,
	INodePropertyOptions,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';

import { ESignature } from '../nodes/ESignature/ESignature.node';
import { ENVELOPE_ID_SOURCE, TEMPLATE_ID_SOURCE } from '../nodes/ESignature/fields/builderHints';

import { emulatorSuite, UNKNOWN_GUID, fromAI } from './harness';

/**
 * The E-Signature node as the tool n8n makes of it for an AI Agent or MCP Server Trigger (type eSignatureTool, the
 * model's arguments as its input item, fields set to $fromAI), through n8n-core's routing engine against the emulator:
 * what the service receives, and what a model reads back (docs/ai-agents.md).
 */

const suite = emulatorSuite();
const { apiRequests } = suite;

/** Runs one operation as a tool called by a model with these arguments. */
async function callTool(resource: string, parameters: INodeParameters, args: IDataObject) {
	return await suite.harness.run({
		asTool: true,
		parameters: { resource, ...parameters },
		items: [{ json: args }],
	});
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
		const documentId = suite.seedEnvelope().documentId;
		const result = await callTool(
			'invitation',
			{ operation: 'getSigningLinks', documentId, destinations: { destination: [modelSigner] } },
			{
				name: 'Jane Doe',
				email: 'jane@example.com',
				authenticationType: 'email one-time password',
				recipientType: 'SIGNER',
				invitationLanguage: 'English',
			},
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toMatchObject({
			documentId,
			destinations: [
				{
					destinationName: 'Jane Doe',
					authenticationType: 3,
					destinationType: 1,
					invitationLanguage: 2,
				},
			],
		});
		expect(result.items[0].json).toMatchObject({
			invitationLanguage: 'English',
			authenticationType: 'Email One-Time Password',
		});
	});

	it('takes a number, also written as text', async () => {
		const documentId = suite.seedEnvelope().documentId;
		const result = await callTool(
			'invitation',
			{ operation: 'getSigningLinks', documentId, destinations: { destination: [modelSigner] } },
			{
				name: 'Jane Doe',
				email: 'jane@example.com',
				authenticationType: 0,
				recipientType: '1',
				invitationLanguage: ' 0 ',
			},
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toMatchObject({
			destinations: [{ authenticationType: 0, destinationType: 1, invitationLanguage: 0 }],
		});
	});

	it('refuses a name the list does not have, listing the allowed values, and sends nothing', async () => {
		const result = await callTool(
			'invitation',
			{
				operation: 'getSigningLinks',
				documentId: suite.seedEnvelope().documentId,
				destinations: { destination: [modelSigner] },
			},
			{
				name: 'Jane Doe',
				email: 'jane@example.com',
				authenticationType: 'none',
				recipientType: 'signer',
				invitationLanguage: 'Klingon',
			},
		);
		expect(result.error?.message).toBe(
			'Signers, signer 1: Invitation Language must be one of Arabic (1), English (2), by name or number; got "Klingon"',
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
		const logs = await callTool(
			'webhook',
			{ operation: 'getLogs', filters: { webhookStatus: fromAI('status') } },
			{ status: 'Failed from client' },
		);
		expect(logs.error).toBeUndefined();
		const refused = await callTool(
			'webhook',
			{ operation: 'getLogs', filters: { webhookStatus: fromAI('status') } },
			{ status: 'failed' },
		);
		expect(refused.error?.message).toBe(
			'Filters: Delivery Status must be one of Pending (0), Success (1), Recall (2), Failed From Client (4), by name or number; got "failed"',
		);
		expect(apiRequests().map((request) => request.path)).toEqual([
			'/api/v1/configuration/sms-provider',
			'/api/v1/webhooks/logs',
		]);
	});
});

describe('errors, as a model reads them', () => {
	it('an unknown envelope: the message names the field and the ID, and where such an ID comes from', async () => {
		const result = await callTool(
			'envelope',
			{ operation: 'getStatus', envelopeId: fromAI('envelopeId') },
			{ envelopeId: UNKNOWN_GUID },
		);
		// The status, then (after the not-found answer) whether the ID is a document's (test/inputs/misplaced-ids.test.ts).
		expect(apiRequests().map((request) => request.path)).toEqual([
			`/api/v1/envelopes/${UNKNOWN_GUID}/status`,
			`/api/v1/documents/${UNKNOWN_GUID}`,
		]);
		// n8n hands a model only the error's message (docs/ai-agents.md#errors).
		expect(result.error?.message).toBe(
			`Envelope ID "${UNKNOWN_GUID}" was not found. The service answered without data. ${ENVELOPE_ID_SOURCE} ` +
				"It must belong to the credential's account: the service finds no ID of another account.",
		);
	});

	it('a malformed ID: refused before anything is sent, with what an ID looks like', async () => {
		const result = await callTool(
			'envelope',
			{ operation: 'getStatus', envelopeId: fromAI('envelopeId') },
			{ envelopeId: 'envelope-1' },
		);
		expect(apiRequests()).toHaveLength(0);
		expect(result.error?.message).toBe(
			'Envelope ID must be an ID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got "envelope-1"',
		);
	});

	it("a service error: its meaning, code and the service's own message", async () => {
		const result = await callTool(
			'envelope',
			{ operation: 'createFromTemplate', templateId: fromAI('templateId') },
			{ templateId: UNKNOWN_GUID },
		);
		expect(apiRequests()).toHaveLength(1);
		expect(result.error?.message).toBe(
			`Template ID "${UNKNOWN_GUID}" was not found (error 404). Service message: Template not found\n` +
				`${TEMPLATE_ID_SOURCE} It must belong to the credential's account: the service finds no ID of another account.`,
		);
	});

	it('in a workflow the message stays short and the explanation stays in the description', async () => {
		const result = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'get',
				webhookId: { __rl: true, mode: 'id', value: UNKNOWN_GUID },
			},
		});
		expect(result.error?.message).toBe(`Webhook "${UNKNOWN_GUID}" was not found`);
		expect(result.error?.description).toMatch(
			/^The service answered without data\. webhookId is the ID of/,
		);
	});
});

describe('empty lists (the demo account has no webhooks)', () => {
	it('as a tool, no webhooks is an answer a model can read', async () => {
		const result = await callTool('webhook', { operation: 'getAll', returnAll: true }, {});
		expect(apiRequests().map((request) => request.path)).toEqual(['/api/v1/webhooks']);
		expect(result.items.map((item) => item.json)).toEqual([
			{
				count: 0,
				results: [],
				message: 'The service answered with an empty list: nothing matches.',
			},
		]);
	});

	it('in a workflow, no webhooks is no items, as before', async () => {
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getAll', returnAll: true },
		});
		expect(result.error).toBeUndefined();
		expect(result.items).toEqual([]);
	});
});

describe("File Input as a tool (n8n's @tool display option): no Binary File, URL by default", () => {
	const eSignature = new ESignature().description;
	const tool = { ...eSignature, name: 'eSignatureTool' };
	const fileInputs = eSignature.properties.filter((property) => property.name === 'fileInput');
	const node = {
		name: 'E-Signature',
		type: 'eSignature',
		typeVersion: 1,
		parameters: {},
	} as unknown as INode;
	/** The File Input field the editor shows for Create From Base64, and the value a new node starts with. */
	function fileInputOf(description: INodeTypeDescription) {
		const values = { resource: 'envelope', operation: 'createFromBase64' };
		const shown = fileInputs.filter((property) =>
			NodeHelpers.displayParameter(values, property, node, description, values),
		);
		const resolved = NodeHelpers.getNodeParameters(
			description.properties,
			values,
			true,
			false,
			node,
			description,
		);
		return { shown, value: resolved?.fileInput };
	}

	it('as a tool, File Input offers URL and Base64 Text, and starts at URL', () => {
		const { shown, value } = fileInputOf(tool);
		expect(shown).toHaveLength(1);
		expect(shown[0].options!.map((option) => (option as INodePropertyOptions).value)).toEqual([
			'url',
			'base64',
		]);
		expect(value).toBe('url');
	});

	it('in a workflow, File Input still offers Binary File first and starts at it', () => {
		const { shown, value } = fileInputOf(eSignature);
		expect(shown).toHaveLength(1);
		expect(shown[0].options!.map((option) => (option as INodePropertyOptions).value)).toEqual([
			'binary',
			'base64',
			'url',
		]);
		expect(value).toBe('binary');
	});

	it('a tool with File Input left as it is downloads the link the model gives', async () => {
		const documentUrl = `${suite.emulator.url}/sample/contract.pdf`;
		// The emulator is on loopback, which a tool reaches only with the author's allowance (docs/security.md).
		const downloadOptions = { allowInternalAddresses: true };
		const result = await callTool(
			'envelope',
			{ operation: 'createFromBase64', fileUrl: fromAI('documentUrl'), downloadOptions },
			{ documentUrl },
		);
		expect(result.error).toBeUndefined();
		const [create] = apiRequests();
		expect(create.path).toBe('/api/v1/envelopes/initiate-base64');
		expect(create.body).toMatchObject({
			files: { file: suite.emulator.samplePdf.toString('base64'), fileName: 'contract.pdf' },
		});
	});
});

describe('account settings as tools: a model may not choose where callbacks and messages go (docs/security.md)', () => {
	/** The attacker's receiver, which an injected instruction names. */
	const ATTACKER = 'https://collector.attacker.example/hook';
	const HELP =
		". Where the account's callbacks and messages go is the workflow author's decision: a model can be told by any text it reads to send them to someone else.";
	const refusal = (label: string) =>
		`${label}: an AI tool may not choose this URL: write it in the node, not with an expression or the model${HELP}`;
	const attackerWebhooks = () =>
		suite.emulator.webhooks().filter((webhook) => webhook.webhookUrl === ATTACKER);

	async function existingWebhook(): Promise<string> {
		const created = await suite.harness.run({
			parameters: {
				resource: 'webhook',
				operation: 'create',
				webhookUrl: 'https://example.com/own',
			},
		});
		suite.emulator.clearRequests();
		return String(created.items[0].json.id);
	}

	it('Webhook → Create: a URL from the model is refused, nothing is registered', async () => {
		const result = await callTool(
			'webhook',
			{
				operation: 'create',
				webhookUrl: fromAI('url'),
				headerToken: 'kept-secret',
				isDefault: true,
			},
			{ url: ATTACKER },
		);
		expect(result.error?.message).toBe(refusal('Webhook URL'));
		expect(apiRequests()).toHaveLength(0);
		expect(attackerWebhooks()).toHaveLength(0);
	});

	it("Webhook → Create: the model's arguments through $json are the model's words too", async () => {
		const result = await callTool(
			'webhook',
			{ operation: 'create', webhookUrl: '={{ $json.url }}' },
			{ url: ATTACKER },
		);
		expect(result.error?.message).toBe(refusal('Webhook URL'));
		expect(attackerWebhooks()).toHaveLength(0);
	});

	it('Webhook → Create: the URL the author wrote in the node is registered; the model may fill the rest', async () => {
		const result = await callTool(
			'webhook',
			{
				operation: 'create',
				webhookUrl: 'https://example.com/callbacks',
				isDefault: "={{ $fromAI('isDefault', '', 'boolean') }}",
			},
			{ isDefault: false },
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toEqual({
			webhookUrl: 'https://example.com/callbacks',
			isDefault: false,
		});
	});

	it('Webhook → Create Many: one URL from the model refuses the request, naming its entry', async () => {
		const result = await callTool(
			'webhook',
			{
				operation: 'createMany',
				webhooks: {
					webhook: [{ webhookUrl: 'https://example.com/a' }, { webhookUrl: fromAI('url') }],
				},
			},
			{ url: ATTACKER },
		);
		expect(result.error?.message).toBe(refusal('Webhooks, webhook 2: Webhook URL'));
		expect(apiRequests()).toHaveLength(0);
		expect(attackerWebhooks()).toHaveLength(0);
	});

	it('Webhook → Update: a new URL from the model is refused, the webhook keeps its own', async () => {
		const id = await existingWebhook();
		const result = await callTool(
			'webhook',
			{
				operation: 'update',
				webhookId: { __rl: true, mode: 'id', value: id },
				updateFields: { webhookUrl: fromAI('url') },
			},
			{ url: ATTACKER },
		);
		expect(result.error?.message).toBe(refusal('Update Fields: Webhook URL'));
		expect(apiRequests()).toHaveLength(0);
		expect(suite.emulator.webhooks().find((webhook) => webhook.id === id)?.webhookUrl).toBe(
			'https://example.com/own',
		);
	});

	it('SMS Provider → Configure: a gateway URL from the model is refused, nothing is sent', async () => {
		const result = await callTool(
			'smsProvider',
			{
				operation: 'configure',
				smsProvider: 1,
				smsUrl: fromAI('gateway'),
				smsSender: 'ACME',
				smsUserame: 'acme-user',
				smsPassword: 'sms-secret',
			},
			{ gateway: ATTACKER },
		);
		expect(result.error?.message).toBe(refusal('Gateway URL'));
		expect(apiRequests()).toHaveLength(0);
	});

	it('in a workflow (not a tool) an expression gives the URL as before', async () => {
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'create', webhookUrl: '={{ $json.url }}' },
			items: [{ json: { url: 'https://example.com/from-data' } }],
		});
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toMatchObject({ webhookUrl: 'https://example.com/from-data' });
	});
});

describe('trimmed output for tools (Simplify, shown for tools on every operation, on by default)', () => {
	const eSignature = new ESignature().description;
	const tool = { ...eSignature, name: 'eSignatureTool' };
	const node = {
		name: 'E-Signature',
		type: 'eSignature',
		typeVersion: 1,
		parameters: {},
	} as unknown as INode;
	const operations = eSignature.properties
		.filter((property) => property.name === 'operation')
		.flatMap((property) =>
			(property.options as INodePropertyOptions[]).map((option) => ({
				resource: property.displayOptions!.show!.resource![0] as string,
				operation: option.value as string,
			})),
		);
	/** The Simplify fields the editor shows for an operation, and the value a new node starts with. */
	function simplifyOf(
		description: INodeTypeDescription,
		values: { resource: string; operation: string },
	) {
		const shown = description.properties
			.filter((property) => property.name === 'simplify')
			.filter((property) =>
				NodeHelpers.displayParameter(values, property, node, description, values),
			);
		const resolved = NodeHelpers.getNodeParameters(
			description.properties,
			values,
			true,
			false,
			node,
			description,
		);
		return { shown, value: resolved?.simplify };
	}
	const withOwnSimplify = operations.filter(
		(values) => simplifyOf(eSignature, values).shown.length > 0,
	);

	it('as a tool, every operation shows one Simplify, on by default', () => {
		expect(operations.length).toBeGreaterThan(30);
		for (const values of operations) {
			const { shown, value } = simplifyOf(tool, values);
			expect({ ...values, shown: shown.length, value }).toEqual({
				...values,
				shown: 1,
				value: true,
			});
		}
	});

	it('in a workflow, Simplify shows only where it did before', () => {
		expect(
			withOwnSimplify.map(({ resource, operation }) => `${resource}/${operation}`).sort(),
		).toEqual([
			'commercialRegistration/check',
			'envelope/create',
			'envelope/createAndInvite',
			'envelope/createBulk',
			'envelope/createFromBase64',
			'envelope/createFromTemplate',
			'envelope/getStatus',
			'invitation/getSigningLinks',
			'invitation/sendWithLinks',
		]);
	});

	const pdfBase64 = () => suite.emulator.samplePdf.toString('base64');
	const longReason = 'The client answered 500: '.padEnd(5000, 'x');
	const logAnswer = () => ({
		errorCode: 0,
		message: 'Success',
		returnUrl: null,
		data: [
			{
				requestId: UNKNOWN_GUID,
				createdDate: '2026-11-25T10:00:00.000',
				webhookStatus: 'FAILEDFROMCLIENT (4)',
				httpStatusCode: 500,
				webhookUrl: 'https://hooks.example.com/esign',
				reasons: longReason,
				payload: pdfBase64(),
				retriedAt: null,
			},
		],
	});

	it('a tool answers without file contents, empty fields or long texts; the link stays', async () => {
		suite.emulator.failNext(1, 200, logAnswer(), '/api/v1/webhooks/logs');
		const result = await callTool('webhook', { operation: 'getLogs' }, {});
		expect(result.error).toBeUndefined();
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json).toEqual({
			requestId: UNKNOWN_GUID,
			createdDate: '2026-11-25T10:00:00.000',
			webhookStatus: 'FAILEDFROMCLIENT (4)',
			httpStatusCode: 500,
			webhookUrl: 'https://hooks.example.com/esign',
			reasons: `${longReason.slice(0, 2000)}… [3000 more characters left out]`,
			payload: `[file left out: ${pdfBase64().length} characters of Base64, not passed to AI tools]`,
		});
	});

	it('a tool whose author turned Simplify off answers as the service did', async () => {
		suite.emulator.failNext(1, 200, logAnswer(), '/api/v1/webhooks/logs');
		const result = await callTool('webhook', { operation: 'getLogs', simplify: false }, {});
		expect(result.items[0].json).toEqual(logAnswer().data[0]);
	});

	it('in a workflow the answer is output as it was', async () => {
		suite.emulator.failNext(1, 200, logAnswer(), '/api/v1/webhooks/logs');
		const result = await suite.harness.run({
			parameters: { resource: 'webhook', operation: 'getLogs' },
		});
		expect(result.items[0].json).toEqual(logAnswer().data[0]);
	});

	it('signing links reach the model whole, as a workflow outputs them', async () => {
		const documentId = suite.seedEnvelope().documentId;
		const signer = { destination: [{ name: 'Jane Doe', email: 'jane@example.com' }] };
		const parameters = {
			resource: 'invitation',
			operation: 'getSigningLinks',
			documentId,
			destinations: signer,
		};
		const asTool = await callTool('invitation', parameters, {});
		const inWorkflow = await suite.harness.run({ parameters });
		expect(asTool.error).toBeUndefined();
		expect(asTool.items[0].json.invitationLink).toMatch(/^https?:\/\/\S+$/);
		expect(asTool.items.map((item) => item.json)).toEqual(
			inWorkflow.items.map((item) => item.json),
		);
	});

	it("a download as a tool gives the file's details, not the file (streamed and Base64 answers)", async () => {
		const documentId = suite.seedEnvelope().documentId;
		for (const operation of ['download', 'getContent']) {
			const result = await callTool(
				'document',
				{ operation, documentId: fromAI('documentId') },
				{ documentId },
			);
			expect(result.error).toBeUndefined();
			expect(result.items).toHaveLength(1);
			expect(result.items[0].binary).toBeUndefined();
			expect(result.items[0].json).toMatchObject({
				documentId,
				fileName: 'contract.pdf',
				mimeType: 'application/pdf',
				fileSize: suite.emulator.samplePdf.length,
				file: "Not passed to AI tools: a model gets the file's details only. Use this operation in a workflow to get the file.",
			});
		}
		expect(apiRequests().map((request) => request.path)).toEqual([
			`/api/v1/documents/${documentId}`,
			`/api/v1/documents/${documentId}/content-base64`,
		]);
	});

	it("identity-provider signing as a tool gives the signed file's details under the name of the file sent", async () => {
		const requestId = '6f9619ff-8b86-d011-b42d-00c04fc964ff';
		suite.emulator.authenticateIdentity(requestId);
		const fileBase64 = suite.emulator.samplePdf.toString('base64');
		const parameters = {
			operation: 'sign',
			requestId,
			fileInput: 'base64',
			fileBase64: fromAI('pdf'),
			fileName: 'offer.pdf',
		};
		const result = await callTool('identitySigning', parameters, { pdf: fileBase64 });
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].path).toBe('/api/v1/esign/idp/sign');
		expect(result.items[0].binary).toBeUndefined();
		expect(result.items[0].json).toMatchObject({
			requestId,
			fileName: 'offer.pdf',
			mimeType: 'application/pdf',
		});
		expect(result.items[0].json.fileSize).toBeGreaterThan(suite.emulator.samplePdf.length);
		expect(result.items[0].json.file).toMatch(/^Not passed to AI tools/);
	});

	it('a download as a tool with Simplify off, or in a workflow, outputs the file', async () => {
		const documentId = suite.seedEnvelope().documentId;
		const asTool = await callTool(
			'document',
			{ operation: 'download', documentId, simplify: false },
			{},
		);
		const inWorkflow = await suite.harness.run({
			parameters: { resource: 'document', operation: 'download', documentId },
		});
		for (const result of [asTool, inWorkflow]) {
			expect(result.items[0].json).toEqual({
				documentId,
				fileName: 'contract.pdf',
				mimeType: 'application/pdf',
				fileSize: suite.emulator.samplePdf.length,
			});
			expect((await result.binary(0, 'data')).equals(suite.emulator.samplePdf)).toBe(true);
		}
	});
});
