/**
 * What the trigger refuses, with the right token (docs/delivery-guarantees.md): a callback whose RequestId, Status,
 * Files or Signatory lacks the contract's shape, or that nests far too deep, is answered 400 and starts nothing, and
 * catch-up reports it as unreadable instead of re-sending it forever. What it delivers has safe file names (no path,
 * no control characters) and no prototype keys. test/harness/trigger.ts plays n8n's webhook side.
 */
import type { IDataObject } from 'n8n-workflow';

import { deliver } from './emulator/events';
import { ServiceClient, post } from './harness/service-client';
import { type TriggerWorkflow, triggerSuite } from './harness/trigger';

const suite = triggerSuite();
const service = new ServiceClient(() => suite.emulator);
const activeTrigger = suite.activeTrigger;

/** POSTs a body with the trigger's own token, as the service would. */
async function send(trigger: TriggerWorkflow, body: unknown): Promise<number> {
	const text = typeof body === 'string' ? body : JSON.stringify(body);
	return await post(trigger.url(), text, {
		'content-type': 'application/json',
		authorization: trigger.headerToken(),
	});
}

const pdf = () => suite.emulator.samplePdf.toString('base64');

describe("callbacks without the contract's shape are answered 400 and start nothing", () => {
	const nested = (depth: number) =>
		`{"RequestId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "Status": 1, "Deep": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
	it.each<[string, () => unknown]>([
		['a RequestId that is a path', () => service.sampleCallback({ RequestId: '../../etc/passwd' })],
		[
			'the all-zero RequestId',
			() => service.sampleCallback({ RequestId: '00000000-0000-0000-0000-000000000000' }),
		],
		['a RequestId that is a number', () => service.sampleCallback({ RequestId: 42 })],
		['a Status that is text', () => service.sampleCallback({ Status: 'completed' })],
		['a Status that is an object', () => service.sampleCallback({ Status: { code: 1 } })],
		['a Status of 1.5', () => service.sampleCallback({ Status: 1.5 })],
		[
			'Files as one object',
			() => service.sampleCallback({ Files: { FileName: 'a.pdf', File: pdf() } }),
		],
		['Files as [null]', () => service.sampleCallback({ Files: [null] })],
		[
			'a file whose File is a number',
			() => service.sampleCallback({ Files: [{ FileName: 'a.pdf', File: 12345 }] }),
		],
		['a file without File', () => service.sampleCallback({ Files: [{ FileName: 'a.pdf' }] })],
		[
			'a file whose FileName is an object',
			() => service.sampleCallback({ Files: [{ FileName: { name: 'a.pdf' }, File: pdf() }] }),
		],
		['Signatory as text', () => service.sampleCallback({ Signatory: 'Jane Doe' })],
		['Signatory as [null]', () => service.sampleCallback({ Signatory: [null] })],
		['a body nested 5,000 levels deep', () => nested(5000)],
	])('%s', async (_label, body) => {
		const trigger = await activeTrigger();

		const status = await send(trigger, body());

		expect(status).toBe(400);
		expect(trigger.executions).toHaveLength(0);
		expect(trigger.stored().seenEvents).toBeUndefined();
	});

	it('a body nested 20 levels deep is delivered', async () => {
		const trigger = await activeTrigger();
		let deep: unknown = 'bottom';
		for (let level = 0; level < 20; level++) deep = [deep];
		expect(await send(trigger, service.sampleCallback({ Extra: deep as IDataObject }))).toBe(200);
		expect(trigger.executions).toHaveLength(1);
	});

	it('catch-up reports a delivery it refused as unreadable, and does not ask for it again', async () => {
		const trigger = await activeTrigger();
		const { envelopeId } = await service.createEnvelope(trigger.webhookId);
		const { emulator } = suite;
		const envelope = emulator.state.findEnvelopeAnywhere(envelopeId)!;
		// The service sends its event with the signed file in a shape the contract does not have.
		await deliver(emulator.state, envelope, {
			...service.sampleCallback({ RequestId: envelopeId }),
			Files: { File: pdf() },
		} as never);
		expect(emulator.deliveries).toMatchObject([
			{ requestId: envelopeId, ok: false, httpStatusCode: 400 },
		]);

		await trigger.activate('update');

		expect(trigger.stored().lastCatchUp).toMatchObject({
			recalled: [],
			unreadable: [envelopeId.toLowerCase()],
		});
		expect(emulator.requestsTo('POST', '/api/v1/webhooks/recall')).toHaveLength(0);
		expect(trigger.executions).toHaveLength(0);
	});
});

describe('what the trigger delivers', () => {
	const hostileNames = [
		'../../etc/passwd.pdf',
		'/etc/passwd',
		'..\\..\\Windows\\win.pdf',
		'a\u0000b\r\n.pdf',
		'..',
	];

	// Files the service cannot compare (the spec's Get Status) reach an item only when the author accepts them.
	const acceptingFiles = { events: ['*'], options: { acceptCallbackFiles: true } };

	it.each(['spec', 'live'] as const)(
		'%s form: Accept Callback Files as Sent outputs no file with a rejection (only a completion has signed files)',
		async (profile) => {
			suite.emulator.setProfile(profile);
			try {
				const trigger = await activeTrigger(acceptingFiles);
				const rejection = service.sampleCallback({
					Status: 2,
					Files: [{ FileName: 'forged.pdf', File: pdf() }],
				});
				expect(await send(trigger, rejection)).toBe(200);

				const [[item]] = trigger.executions;
				expect(item.json).toMatchObject({ event: 'rejected', files: [] });
				expect(item.binary).toBeUndefined();
			} finally {
				suite.emulator.setProfile('spec');
			}
		},
	);

	it('names signed files by a safe base name, in the binary (no directory) and in the item', async () => {
		const trigger = await activeTrigger(acceptingFiles);
		const Files = hostileNames.map((FileName) => ({ FileName, File: pdf() }));

		expect(await send(trigger, service.sampleCallback({ Files }))).toBe(200);

		const [[item]] = trigger.executions;
		const expected = ['passwd.pdf', 'passwd.pdf', 'win.pdf', 'ab.pdf', 'signed-document-5.pdf'];
		expect((item.json.files as IDataObject[]).map((file) => file.fileName)).toEqual(expected);
		expect(Object.values(item.binary!).map((binary) => binary.fileName)).toEqual(expected);
		expect(Object.values(item.binary!).map((binary) => binary.directory)).toEqual(
			expected.map(() => undefined),
		);
	});

	it('names them so also when they stay as Base64 in the JSON', async () => {
		const trigger = await activeTrigger({
			events: ['*'],
			options: { downloadFiles: false, acceptCallbackFiles: true },
		});
		const Files = hostileNames.map((FileName) => ({ FileName, File: pdf() }));

		await send(trigger, service.sampleCallback({ Files }));

		const [[item]] = trigger.executions;
		expect((item.json.files as IDataObject[]).map((file) => file.fileName)).toEqual([
			'passwd.pdf',
			'passwd.pdf',
			'win.pdf',
			'ab.pdf',
			'signed-document-5.pdf',
		]);
		expect(item.binary).toBeUndefined();
	});

	it.each([true, false])(
		'never makes prototype keys into item keys (Simplify %s)',
		async (simplify) => {
			const trigger = await activeTrigger({ events: ['*'], simplify, options: {} });
			const body = JSON.stringify(service.sampleCallback()).replace(
				/^\{/,
				'{"__proto__": {"polluted": true}, "constructor": {"name": "x"}, "prototype": 1, "Extra": {"__proto__": {"deep": true}, "kept": 1},',
			);

			expect(await send(trigger, body)).toBe(200);

			const [[item]] = trigger.executions;
			const keys = JSON.stringify(item.json, (_key, value: unknown) => value);
			expect(keys).not.toMatch(
				/__proto__|"constructor"|"prototype"|\[object Object\]|polluted|deep/,
			);
			const claims = item.json.callbackClaims as IDataObject;
			expect(claims[simplify ? 'extra' : 'Extra']).toEqual({ kept: 1 });
			expect(({} as IDataObject).polluted).toBeUndefined();
		},
	);
});
