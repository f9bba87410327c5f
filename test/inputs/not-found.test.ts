/**
 * A not-found answer to an operation taking an ID names the field, as the editor shows it, and the value given, and
 * says where such an ID comes from (the field's builder hint): one rule, in nodes/ESignature/service/errors.ts. The
 * operations are every one showing a required ID field (an ID as its placeholder, or a picker by ID), read from the
 * node description: a new one is covered without being listed here.
 */
import type { INodeProperties, IExecuteSingleFunctions } from 'n8n-workflow';

import { ID_EXAMPLE } from '../../nodes/ESignature/fields/common';
import { givenId, idFieldFrom } from '../../nodes/ESignature/routing/misplacedIds';
import { actionOperations, emulatorCredentials, UNKNOWN_GUID } from '../harness';
import { shownFields } from '../harness/samples';
import { BASES, byId, inputsSuite } from './testing';

const { suite, run, fileItem } = inputsSuite();

// One character off an ID the emulator holds, as a user copies it.
const VALUE = '86930b4e-5f1a-4c1e-9d2b-7a0c3e5f1d43';

const isIdField = (field: INodeProperties) =>
	field.required === true &&
	(field.placeholder === ID_EXAMPLE ||
		(field.modes ?? []).some(
			({ name, placeholder }) => name === 'id' && placeholder === ID_EXAMPLE,
		));

const taking = actionOperations().flatMap((operation) => {
	const field = shownFields(operation).find(isIdField);
	return field ? [[operation.key, { operation, field }] as const] : [];
});

type Taking = (typeof taking)[number][1];

const runWith = async ({ operation, field }: Taking, value: string, continueOnFail = false) => {
	const base = BASES[operation.key];
	return await run(
		{
			...base.parameters,
			resource: operation.resource,
			operation: operation.operation,
			[field.name]: field.type === 'resourceLocator' ? byId(value) : value,
		},
		[base.file ? fileItem() : { json: {} }],
		{ continueOnFail },
	);
};

const notFound = { data: null, errorCode: 404, message: 'NotFound', returnUrl: null };

afterEach(() => suite.emulator.failNext(0, 200));

describe('the operations taking an ID', () => {
	it('are found in the node description, each of every resource that has one', () => {
		expect(taking.map(([key]) => key)).toEqual(
			expect.arrayContaining([
				'envelope:getStatus',
				'envelope:createFromTemplate',
				'invitation:extend',
				'invitation:sendReminder',
				'signing:signByTemplate',
				'identitySigning:sign',
				'document:download',
				'webhook:update',
				'webhook:resend',
			]),
		);
	});

	it.each(taking)('%s: its ID field says where such an ID comes from', (_key, { field }) => {
		expect(field.builderHint?.propertyHint).toMatch(/\w+Id is the ID of|\w+Id comes from/);
	});
});

describe('a not-found answer names the field and the value', () => {
	it.each(taking)('%s', async (_key, taking) => {
		suite.emulator.failNext(1, 200, notFound);
		const result = await runWith(taking, VALUE);
		const { displayName, builderHint } = taking.field;
		expect(result.error?.message).toBe(`${displayName} "${VALUE}" was not found (error 404)`);
		expect(result.error?.description).toBe(
			'Service message: NotFound\n' +
				`${builderHint?.propertyHint} It must belong to the credential's account: the service finds no ID of ` +
				'another account.',
		);
	});
});

describe('under Continue On Fail, the error item says the same', () => {
	it.each(taking)('%s', async (_key, taking) => {
		suite.emulator.failNext(1, 200, notFound);
		const result = await runWith(taking, VALUE, true);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].json.error).toBe(
			`${taking.field.displayName} "${VALUE}" was not found (error 404)`,
		);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
	});
});

describe('the emulator’s own answer to an ID it does not hold', () => {
	it.each(taking)('%s', async (_key, taking) => {
		const result = await runWith(taking, UNKNOWN_GUID);
		const said = `${taking.field.displayName} "${UNKNOWN_GUID}" was not found`;
		// Signing → Sign and identity-provider signing answer an unknown ID with error 100, as the service does.
		if ((result.error as { httpCode?: string } | undefined)?.httpCode === '100')
			expect(result.error?.message).toMatch(/\(error 100\)$/);
		else expect(result.error?.message).toMatch(new RegExp(`^${said}( \\(error 404\\))?$`));
	});
});

describe('each form of not found', () => {
	const getStatus = Object.fromEntries(taking)['envelope:getStatus'];

	it('an answer without data (errorCode 0, data null): named, with what the answer was', async () => {
		const result = await runWith(getStatus, VALUE);
		expect(result.error?.message).toBe(`Envelope ID "${VALUE}" was not found`);
		expect(result.error?.description).toMatch(
			/^The service answered without data\. envelopeId comes from the output of an envelope create operation .*It must belong to the credential's account/,
		);
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('404');
	});

	it('HTTP 404', async () => {
		const result = await run({ resource: 'envelope', operation: 'cancel', envelopeId: VALUE });
		expect(result.error?.message).toBe(`Envelope ID "${VALUE}" was not found (error 404)`);
		expect(result.error?.description).toMatch(
			/^Service message: EnvelopeNotFound\nenvelopeId comes from/,
		);
	});

	it('error 14, another account’s document', async () => {
		const other = suite.emulator.addAccount();
		const { documentId } = suite.seedEnvelope({ accountId: other.accountId });
		const result = await run({ resource: 'document', operation: 'getContent', documentId });
		expect(result.error?.message).toBe(`Document ID "${documentId}" was not found (error 14)`);
		expect(result.error?.description).toMatch(
			/^Service message: The user is unauthorized\ndocumentId is the ID of one document/,
		);
	});

	it('an operation without an ID field keeps the general words (Commercial Registration → Check)', async () => {
		suite.emulator.failNext(1, 200, { ...notFound, errorCode: 0 });
		const result = await run({
			resource: 'commercialRegistration',
			operation: 'check',
			commercialNumber: '1010010101',
		});
		expect(result.error?.message).toBe('The requested item was not found');
	});
});

describe('the value shown', () => {
	it('is never a secret in hand: a Document Password given as the Template ID too', async () => {
		const result = await run({
			...BASES['signing:signByTemplate'].parameters,
			resource: 'signing',
			operation: 'signByTemplate',
			templateId: VALUE,
			additionalFields: { password: VALUE },
		});
		expect(result.error?.message).toBe('Template ID "••••" was not found (error 404)');
		expect(result.error?.description).not.toContain(VALUE);
	});

	it('is cut to 64 characters, and a secret of the credential in it is masked', async () => {
		const { clientSecret } = suite.emulator.demo;
		const context = (value: string) =>
			({
				getNodeParameter: () => value,
				getItemIndex: () => 0,
				getNode: () => ({ parameters: {} }),
				getCredentials: async () => emulatorCredentials(suite.emulator),
			}) as unknown as IExecuteSingleFunctions;
		const envelopeField = idFieldFrom(shownFields(getStatusOperation()).find(isIdField)!);
		const long = await givenId(context('a'.repeat(100)), envelopeField);
		expect(long.id).toBe(`${'a'.repeat(61)}...`);
		const secret = await givenId(context(`id-${clientSecret}`), envelopeField);
		expect(secret.id).toBe('id-••••');
	});
});

function getStatusOperation() {
	return actionOperations().find(({ key }) => key === 'envelope:getStatus')!;
}
