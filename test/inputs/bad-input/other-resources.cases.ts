/**
 * Bad input to the Document, Commercial Registration, SMS Provider and Webhook operations,
 * each refused with an error naming the field and nothing sent:
 * run by ./other-resources.test.ts, counted by ./coverage.test.ts.
 */
import { byId, GUID, long, type RefusedCase, V, ZERO_GUID } from '../testing';

export const otherResourcesCases: RefusedCase[] = [
	// Document
	[
		'download: the all-zero Document ID',
		{ operation: 'document:download', parameters: { documentId: ZERO_GUID } },
		/^Document ID is the empty ID/,
	],
	[
		'downloadSigned: Document ID as an object',
		{ operation: 'document:downloadSigned', parameters: { documentId: V }, v: { id: GUID } },
		/^Document ID must be text, got an object/,
	],
	[
		'getCompleted: Document ID as a list',
		{ operation: 'document:getCompleted', parameters: { documentId: V }, v: [GUID] },
		/^Document ID must be text, got a list/,
	],
	[
		'getContent: the all-zero Document ID',
		{ operation: 'document:getContent', parameters: { documentId: ZERO_GUID } },
		/^Document ID is the empty ID/,
	],
	// Commercial Registration
	[
		'check: a 100,000-digit CR number',
		{
			operation: 'commercialRegistration:check',
			parameters: { commercialNumber: V },
			v: long(100_000, '1'),
		},
		'Commercial Registration Number is too long: 100,000 characters, at most 20',
	],
	[
		'check: a CR number with letters',
		{ operation: 'commercialRegistration:check', parameters: { commercialNumber: 'CR-1010' } },
		'Commercial Registration Number must be digits only, got "CR-1010"',
	],
	[
		'check: a CR number as an object',
		{
			operation: 'commercialRegistration:check',
			parameters: { commercialNumber: V },
			v: { cr: 1010010101 },
		},
		/^Commercial Registration Number must be text, got an object/,
	],
	[
		'check: a CR number an expression leaves empty',
		{ operation: 'commercialRegistration:check', parameters: { commercialNumber: V }, v: null },
		'Commercial Registration Number is required',
	],
	// SMS Provider
	[
		'configure: Sender Name as an object',
		{ operation: 'smsProvider:configure', parameters: { smsSender: V }, v: { name: 'ACME' } },
		'Sender Name must be text, got an object: {"name":"ACME"}',
	],
	[
		'configure: a 300-character Username',
		{ operation: 'smsProvider:configure', parameters: { smsUserame: V }, v: long(300) },
		'Username is too long: 300 characters, at most 256',
	],
	[
		'configure: Password as an object',
		{ operation: 'smsProvider:configure', parameters: { smsPassword: V }, v: { pw: 'x' } },
		'Password must be text, got an object',
	],
	[
		'configure: a Password an expression leaves empty',
		{ operation: 'smsProvider:configure', parameters: { smsPassword: V }, v: '' },
		'Password is required',
	],
	[
		'configure: Provider -1',
		{ operation: 'smsProvider:configure', parameters: { smsProvider: V }, v: -1 },
		'Provider must be one of Imissive (1), Msegat (2), Unifonic (3), FourJawaly (4), Infinito (5), by name or number; got "-1"',
	],
	[
		'configure: Provider 2.5',
		{ operation: 'smsProvider:configure', parameters: { smsProvider: V }, v: 2.5 },
		'Provider must be one of Imissive (1), Msegat (2), Unifonic (3), FourJawaly (4), Infinito (5), by name or number; got "2.5"',
	],
	[
		'configure: a Gateway URL that is not http',
		{ operation: 'smsProvider:configure', parameters: { smsUrl: 'ftp://sms.example.com' } },
		'Gateway URL must be an http:// or https:// URL, got one starting with "ftp://sms.example.com"',
	],
	// Webhook
	[
		'create: Header Token as an object',
		{ operation: 'webhook:create', parameters: { headerToken: V }, v: { token: 'x' } },
		'Header Token must be text, got an object',
	],
	[
		'create: Header Token as a boolean',
		{ operation: 'webhook:create', parameters: { headerToken: V }, v: true },
		'Header Token must be text, got a boolean',
	],
	[
		'create: Use as Account Default as "yes"',
		{ operation: 'webhook:create', parameters: { isDefault: V }, v: 'yes' },
		'Use as Account Default must be true or false, got a string: yes',
	],
	[
		'create: a 3,000-character Webhook URL',
		{
			operation: 'webhook:create',
			parameters: { webhookUrl: V },
			v: `https://example.com/${long(3000)}`,
		},
		'Webhook URL is too long: 3,020 characters, at most 2,048',
	],
	[
		'createMany: a Header Token as a list',
		{
			operation: 'webhook:createMany',
			parameters: {
				webhooks: {
					webhook: [
						{ webhookUrl: 'https://example.com/one' },
						{ webhookUrl: 'https://example.com/two', headerToken: V },
					],
				},
			},
			v: ['a'],
		},
		'Webhooks, webhook 2: Header Token must be text, got a list',
	],
	[
		'getAll: Limit -3',
		{ operation: 'webhook:getAll', parameters: { limit: V }, v: -3 },
		'Limit must be 1 or more, got -3',
	],
	[
		'getAll: Limit 2.5',
		{ operation: 'webhook:getAll', parameters: { limit: V }, v: 2.5 },
		'Limit must be a whole number, got "2.5"',
	],
	[
		'getAll: Limit "all"',
		{ operation: 'webhook:getAll', parameters: { limit: V }, v: 'all' },
		'Limit must be a whole number, got "all"',
	],
	[
		'getLogs: Delivery Status -1',
		{ operation: 'webhook:getLogs', parameters: { filters: { webhookStatus: V } }, v: -1 },
		'Filters: Delivery Status must be one of Pending (0), Success (1), Recall (2), Failed From Client (4), by name or number; got "-1"',
	],
	[
		'getLogs: the all-zero Envelope ID',
		{ operation: 'webhook:getLogs', parameters: { filters: { requestId: ZERO_GUID } } },
		/^Filters: Envelope ID is the empty ID/,
	],
	[
		'update: Use as Account Default as "perhaps"',
		{ operation: 'webhook:update', parameters: { updateFields: { isDefault: V } }, v: 'perhaps' },
		'Update Fields: Use as Account Default must be true or false, got a string: perhaps',
	],
	[
		'update: Webhook URL as an object',
		{
			operation: 'webhook:update',
			parameters: { updateFields: { webhookUrl: V } },
			v: { url: 'https://example.com' },
		},
		/^Update Fields: Webhook URL must be text, got an object/,
	],
	[
		'get: the all-zero Webhook by expression',
		{ operation: 'webhook:get', parameters: { webhookId: byId(V) }, v: ZERO_GUID },
		/^Webhook is the empty ID/,
	],
	[
		'delete: Webhook as an object by expression',
		{ operation: 'webhook:delete', parameters: { webhookId: byId(V) }, v: { id: GUID } },
		/^Webhook must be text, got an object/,
	],
	[
		'resend: Envelope ID as an object',
		{ operation: 'webhook:resend', parameters: { requestId: V }, v: { id: GUID } },
		/^Envelope ID must be text, got an object/,
	],
];
