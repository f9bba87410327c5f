/**
 * Hostile and careless input, class by class (docs/security.md#input-checks): control characters in text the service stores or
 * sends on, URLs without a host, e-mails with empty parts, blank secrets, JSON fields without the contract's shape or
 * with prototype keys or one field in two spellings, binary property names that would reach an object's prototype, and
 * the same classes in the credential. Each is refused naming the field, before anything is sent. n8n's Custom API Call
 * entry is refused too. Legitimate unusual values (line breaks in a message, Arabic, IDN e-mails) are sent as typed.
 */
import type { IDataObject } from 'n8n-workflow';

import { emulatorCredentials, Harness } from '../harness';
import {
	type Case,
	V,
	caseRunner,
	detailsJson,
	inputsSuite,
	signer,
	signersFields,
	signersJson,
} from './testing';

const { suite, run, fileItem, apiRequests } = inputsSuite();
const runCase = caseRunner(run, fileItem);

const signersOf = (...list: IDataObject[]) => signersJson(JSON.stringify(list));
const hostless = (field: string, scheme = 'https') =>
	`${field} must name a host after "${scheme}://", such as ${scheme}://example.com/`;

const refused: Array<[string, Case, string]> = [
	// Control characters, one line
	[
		'a header token with CR LF (webhook create)',
		{ operation: 'webhook:create', parameters: { headerToken: V }, v: 'abc\r\nX-Injected: 1' },
		'Header Token has a control character (U+000D at character 4)',
	],
	[
		'a header token with NUL (webhook create many)',
		{
			operation: 'webhook:createMany',
			parameters: {
				webhooks: { webhook: [{ webhookUrl: 'https://example.com/one', headerToken: V }] },
			},
			v: 'ab\u0000cd',
		},
		'Webhooks, webhook 1: Header Token has a control character (U+0000 at character 3)',
	],
	[
		'a webhook URL with LF',
		{ operation: 'webhook:create', parameters: { webhookUrl: V }, v: 'https://example.com/a\nb' },
		'Webhook URL has a control character (U+000A at character 22)',
	],
	[
		'a new webhook URL with a tab (webhook update)',
		{
			operation: 'webhook:update',
			parameters: { updateFields: { webhookUrl: V } },
			v: 'https://example.com/\tx',
		},
		'Update Fields: Webhook URL has a control character (U+0009 at character 21)',
	],
	[
		'an SMS gateway URL with CR',
		{
			operation: 'smsProvider:configure',
			parameters: { smsUrl: V },
			v: 'https://sms.example.com/\rsend',
		},
		'Gateway URL has a control character (U+000D at character 25)',
	],
	[
		'an SMS sender with LF',
		{ operation: 'smsProvider:configure', parameters: { smsSender: V }, v: 'ACME\nBank' },
		'Sender Name has a control character (U+000A at character 5)',
	],
	[
		'an SMS user name with NUL',
		{ operation: 'smsProvider:configure', parameters: { smsUserame: V }, v: 'acme\u0000' },
		'Username has a control character (U+0000 at character 5)',
	],
	[
		'an SMS password with LF',
		{ operation: 'smsProvider:configure', parameters: { smsPassword: V }, v: 'pass\nword' },
		'Password has a control character (U+000A at character 5)',
	],
	[
		'a redirect URL with CR LF',
		{
			operation: 'invitation:sendWithLinks',
			parameters: signersOf({
				...signer,
				redirectUrl: 'https://example.com/done\r\nSet-Cookie: a=b',
			}),
		},
		'Signers, signer 1: Redirect URL has a control character (U+000D at character 25)',
	],
	[
		'a signer name with a line break',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, name: V }),
			v: 'Jane\nDoe',
		},
		'Signers, signer 1: Name has a control character (U+000A at character 5)',
	],
	[
		'a reference number with DEL',
		{
			operation: 'envelope:createFromBase64',
			parameters: { additionalFields: { referenceNumber: V } },
			v: 'REF\u007f1',
		},
		'Reference Number has a control character (U+007F at character 4)',
	],
	[
		'a line separator in an invitation subject',
		{
			operation: 'envelope:createAndInvite',
			parameters: { invitationSubject: V },
			v: 'Sign\u2028now',
		},
		'Invitation Subject has a control character (U+2028 at character 5)',
	],
	// Control characters, multi-line: line breaks are allowed, NUL is not
	[
		'a NUL in an invitation message',
		{
			operation: 'envelope:createAndInvite',
			parameters: { invitationMessage: V },
			v: 'Dear Jane,\n\u0000',
		},
		'Invitation Message has a control character (U+0000 at character 12)',
	],
	// URL shape
	[
		'a webhook URL without a host',
		{ operation: 'webhook:create', parameters: { webhookUrl: 'https:///x' } },
		hostless('Webhook URL'),
	],
	[
		'a new webhook URL without a host',
		{ operation: 'webhook:update', parameters: { updateFields: { webhookUrl: 'https:///x' } } },
		hostless('Update Fields: Webhook URL'),
	],
	[
		'an SMS gateway URL without a host',
		{ operation: 'smsProvider:configure', parameters: { smsUrl: 'http:///send' } },
		hostless('Gateway URL', 'http'),
	],
	[
		'a redirect URL without a host',
		{
			operation: 'invitation:sendWithLinks',
			parameters: signersOf({ ...signer, redirectUrl: 'https:///done' }),
		},
		hostless('Signers, signer 1: Redirect URL'),
	],
	// E-mail addresses
	[
		'an e-mail with two dots in a row',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, email: 'name@example..test' }),
		},
		'Signers, signer 1: Email must be an e-mail address, got "name@example..test"',
	],
	[
		'an e-mail whose name ends in a dot',
		{
			operation: 'signing:sign',
			parameters: detailsJson(JSON.stringify([{ emailAddress: 'jane.@example.com' }])),
		},
		'Signer Details, signer 1: Email must be an e-mail address, got "jane.@example.com"',
	],
	// Blank secrets
	[
		'a single space as SMS password',
		{ operation: 'smsProvider:configure', parameters: { smsPassword: ' ' } },
		'Password is blank: it has only spaces',
	],
	[
		'spaces as header token',
		{ operation: 'webhook:create', parameters: { headerToken: '   ' } },
		'Header Token is blank: it has only spaces',
	],
	[
		'spaces as document password',
		{ operation: 'signing:signByTemplate', parameters: { additionalFields: { password: '  ' } } },
		'Document Password is blank: it has only spaces',
	],
	// JSON: the contract's shape, no prototype keys, one spelling per field
	[
		'Escalation as a list',
		{ operation: 'invitation:send', parameters: signersOf({ ...signer, escalation: [1, 2] }) },
		'Signers, signer 1: Escalation (JSON) must be a JSON object, got a list',
	],
	[
		'Escalation as a string',
		{
			operation: 'invitation:send',
			parameters: signersFields({ ...signer, options: { escalation: '"after two days"' } }),
		},
		'Signers, signer 1: Escalation (JSON) must be a JSON object, got a string',
	],
	[
		'__proto__ in Escalation',
		{
			operation: 'invitation:send',
			parameters: signersFields({
				...signer,
				options: { escalation: '{"__proto__": {"afterDays": 2}}' },
			}),
		},
		'Signers, signer 1: Escalation (JSON) has the key "__proto__", which is not allowed',
	],
	[
		'constructor in Escalation of JSON signers',
		{
			operation: 'invitation:send',
			parameters: signersJson(
				'[{"name": "Jane", "email": "jane@example.com", "escalation": {"constructor": {}}}]',
			),
		},
		'Signers (JSON) has the key "constructor", which is not allowed',
	],
	[
		'__proto__ in a JSON signer',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersJson(
				'[{"name": "Jane", "email": "jane@example.com", "__proto__": {"isAdmin": true}}]',
			),
		},
		'Signers (JSON) has the key "__proto__", which is not allowed',
	],
	[
		'prototype in JSON signer details',
		{
			operation: 'signing:sign',
			parameters: detailsJson('[{"emailAddress": "jane@example.com", "prototype": 1}]'),
		},
		'Signer Details (JSON) has the key "prototype", which is not allowed',
	],
	[
		'__proto__ in Files (JSON)',
		{
			operation: 'envelope:create',
			parameters: {
				fileInput: 'base64',
				filesJson: '[{"file": "JVBERi0xLjQK", "fileName": "a.pdf", "__proto__": {}}]',
			},
		},
		'Files (JSON) has the key "__proto__", which is not allowed',
	],
	[
		'signeOrder and SigneOrder in one signer',
		{
			operation: 'invitation:send',
			parameters: signersOf({ ...signer, signeOrder: 1, SigneOrder: 2 }),
		},
		'Signers (JSON): SigneOrder is given more than once, as "signeOrder" and "SigneOrder"',
	],
	[
		'destinationEmail and DestinationEmail in one signer',
		{
			operation: 'invitation:sendBulk',
			parameters: signersOf({
				name: 'Jane',
				destinationEmail: 'jane@example.com',
				DestinationEmail: 'omar@example.com',
			}),
		},
		'Signers (JSON): DestinationEmail is given more than once, as "destinationEmail" and "DestinationEmail"',
	],
	[
		'Email and destinationEmail in one signer',
		{
			operation: 'invitation:send',
			parameters: signersOf({
				name: 'Jane',
				Email: 'jane@example.com',
				destinationEmail: 'omar@example.com',
			}),
		},
		'Signers, signer 1: Email is given more than once, as "Email" and "destinationEmail"',
	],
	[
		'file and File in one file of Files (JSON)',
		{
			operation: 'envelope:createBulk',
			parameters: {
				fileInput: 'base64',
				filesJson: '[{"file": "JVBERi0xLjQK", "File": "JVBERi0xLjQK", "fileName": "a.pdf"}]',
			},
		},
		'Files (JSON): File is given more than once, as "file" and "File"',
	],
	// Binary property names
	[
		'a binary field named __proto__',
		{ operation: 'envelope:create', parameters: { inputDataFieldName: '__proto__' } },
		'Input Binary Fields: "__proto__" cannot be the name of a binary property',
	],
	[
		'a binary field named constructor',
		{ operation: 'envelope:createFromBase64', parameters: { inputDataFieldName: 'constructor' } },
		'Input Binary Field: "constructor" cannot be the name of a binary property',
	],
	[
		'a second binary field named __proto__',
		{ operation: 'envelope:createBulk', parameters: { inputDataFieldName: 'data, __proto__' } },
		'Input Binary Fields: "__proto__" cannot be the name of a binary property',
	],
	[
		'a binary field named toString, which the item does not have',
		{ operation: 'identitySigning:sign', parameters: { inputDataFieldName: 'toString' } },
		'Input Binary Field: the input item has no binary property "toString"',
	],
];

describe('hostile input is refused, naming the field, and nothing is sent', () => {
	it.each(refused)('%s', async (_name, test, message) => {
		const result = await runCase(test);
		expect(result.error?.message).toBe(message);
		expect(result.items).toHaveLength(0);
		expect(apiRequests()).toHaveLength(0);
	});

	it('a download into an output field named __proto__ is refused with a message, not a TypeError', async () => {
		const created = await runCase({ operation: 'envelope:create' });
		const documentId = created.items[0].json.documentId as string;
		expect(documentId).toBeDefined();

		const result = await run({
			resource: 'document',
			operation: 'download',
			documentId,
			binaryPropertyName: '__proto__',
		});

		expect(result.error?.message).toBe(
			'Put Output File in Field: "__proto__" cannot be the name of a binary property',
		);
	});
});

describe('legitimate unusual input is sent as typed', () => {
	it('line breaks and tabs in a message, Arabic with a right-to-left mark, emoji, quotes and an IDN e-mail', async () => {
		const message = 'Dear Jane,\r\n\tplease sign "the contract" 🖊️\nThanks';
		const name = '\u200fسارة علي';
		await runCase({
			operation: 'envelope:createAndInvite',
			parameters: {
				...signersFields({ name, email: 'سارة@مثال.السعودية' }),
				invitationMessage: message,
			},
		});
		const body = apiRequests()[0].body as IDataObject;
		expect(body.InvitationMessage).toBe(message);
		expect((body.Destinations as IDataObject[])[0]).toMatchObject({
			DestinationName: name,
			DestinationEmail: 'سارة@مثال.السعودية',
		});
	});

	it('Escalation as a JSON object or null', async () => {
		await runCase({
			operation: 'invitation:send',
			parameters: signersOf(
				{ ...signer, escalation: { afterDays: 2 } },
				{ name: 'Omar', email: 'omar@example.com', escalation: null },
			),
		});
		const [first, second] = (apiRequests()[0].body as IDataObject).Destinations as IDataObject[];
		expect(first.Escalation).toEqual({ afterDays: 2 });
		expect(second).not.toHaveProperty('Escalation');
	});
});

describe("n8n's Custom API Call entry", () => {
	it('is an error that points at the HTTP Request node, and sends nothing', async () => {
		const result = await run({ resource: 'envelope', operation: '__CUSTOM_API_CALL__' });
		expect(result.error?.message).toBe(
			'Custom API Call is not an operation of this node: nothing was sent',
		);
		expect(result.error?.description).toContain(
			'HTTP Request node with Authentication → Predefined Credential Type → E-Signature API',
		);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('with Continue On Fail, is an error item for every input item', async () => {
		const result = await run(
			{ resource: 'webhook', operation: '__CUSTOM_API_CALL__' },
			[{ json: {} }, { json: {} }],
			{ continueOnFail: true },
		);
		expect(result.items.map((item) => [item.json.error, item.pairedItem])).toEqual([
			['Custom API Call is not an operation of this node: nothing was sent', { item: 0 }],
			['Custom API Call is not an operation of this node: nothing was sent', { item: 1 }],
		]);
		expect(suite.emulator.requests).toHaveLength(0);
	});
});

describe('the credential refuses the same classes, naming the field and never its value', () => {
	const listWebhooks = { resource: 'webhook', operation: 'getAll' };
	it.each([
		[
			'a base URL without a host',
			{ baseUrl: 'https:///api' },
			'Base URL must name a host after "https://", such as https://example.com/',
		],
		[
			'a base URL with a line break',
			{ baseUrl: 'https://api.example.com/\nx' },
			'Base URL has a control character (U+000A at character 25)',
		],
		[
			'a password with a line break',
			{ password: 'pass\r\nword' },
			'Password of the credential has a control character (U+000D at character 5)',
		],
		[
			'a client secret of spaces',
			{ clientSecret: '   ' },
			'Client Secret of the credential is blank: it has only spaces',
		],
		[
			'an account secret of spaces',
			{ accountSecret: ' ' },
			'Account Secret of the credential is blank: it has only spaces',
		],
		[
			'a user name with NUL',
			{ username: 'demo\u0000@example.com' },
			'Username of the credential has a control character (U+0000 at character 5)',
		],
	])('%s', async (_name, change, message) => {
		const harness = new Harness(suite.emulator);
		harness.setCredentials(emulatorCredentials(suite.emulator, 'integration', change));
		const result = await harness.run({ parameters: listWebhooks });
		expect(result.error?.message).toBe(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});
});
