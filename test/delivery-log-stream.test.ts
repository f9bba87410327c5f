/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The delivery log read as a stream (nodes/ESignature/events/jsonStream.ts, eachListEntry): the service's wrapper or a
 * bare list, entry by entry, whatever the chunking, with one chunk and one entry in memory; a bad element is skipped,
 * a log that stops in the middle or is not JSON throws after the entries read so far.
 */
import { type IncomingMessage, request } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

import type { IDataObject } from 'n8n-workflow';

import { eachListEntry } from '../nodes/ESignature/events/jsonStream';
import { Emulator } from './emulator';

type Chunk = Buffer | Uint8Array | string;

async function* streamOf(chunks: Chunk[]): AsyncGenerator<Chunk> {
	for (const chunk of chunks) yield chunk;
}

/** Bytes cut at the given offsets. */
function splitAt(bytes: Buffer, offsets: number[]): Buffer[] {
	const cuts = [0, ...offsets, bytes.length];
	return cuts.slice(1).map((end, index) => bytes.subarray(cuts[index], end));
}

async function read(input: string | Buffer | Chunk[], maxEntryBytes?: number) {
	const chunks = Array.isArray(input)
		? input
		: [typeof input === 'string' ? Buffer.from(input) : input];
	const entries: IDataObject[] = [];
	const list = await eachListEntry(streamOf(chunks), (entry) => entries.push(entry), maxEntryBytes);
	return { ...list, list: entries };
}

/** Entries handed over before the read failed, and its error. */
async function readUntilError(chunks: Chunk[], maxEntryBytes?: number) {
	const entries: IDataObject[] = [];
	const error = await eachListEntry(
		streamOf(chunks),
		(entry) => entries.push(entry),
		maxEntryBytes,
	).then(
		() => undefined,
		(caught: unknown) => caught as Error,
	);
	return { entries, error };
}

/** Seeded, so that a failing split can be found again. */
function random(seed: number) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

// Elements as the service could write them, in their own whitespace; the offsets of their ends are recorded.
const ELEMENTS = [
	String.raw`{"requestId":"é-😀-日本","s":"a \"b\" \\ c \\","u":"\u00e9\ud83d\ude00","br":"[{]}],{:"}`,
	'7',
	'"text with { and ["',
	String.raw`[ {"inside":"a list"} ]`,
	'null',
	'{ "nested" :{"l":[1,[2,{"deep":["}"]}]],"e":{},"a":[ ]},\n\t"n":-1.5e3,"t":true,"f":false,"z":null }',
	'{"broken": nope}',
	`{"long":"${'ü'.repeat(150)}"}`,
	String.raw`{"last":"\\","slash":"\/","lines":"a\nb\tc"}`,
];
const HEAD =
	'\r\n\t{ "message" : "Success ✓ \\"quoted\\" [not a list]",\r\n "returnUrl":null, "data" :[ ';
const TAIL = '\n] ,"errorCode" : 0 , "signature":"" }\n';

function sample() {
	let text = HEAD;
	const ends: number[] = [];
	ELEMENTS.forEach((element, index) => {
		text += (index === 0 ? '' : index % 2 ? ' ,\n ' : ',') + element;
		ends.push(Buffer.byteLength(text));
	});
	text += TAIL;
	return { bytes: Buffer.from(text), ends };
}

function parsedOrNot(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return undefined;
	}
}

const SAMPLE = sample();
const isObject = (value: unknown) =>
	typeof value === 'object' && value !== null && !Array.isArray(value);
const ELEMENT_VALUES = ELEMENTS.map(parsedOrNot);
const SAMPLE_ENTRIES = ELEMENT_VALUES.filter(isObject);
const SAMPLE_SKIPPED = ELEMENTS.length - SAMPLE_ENTRIES.length;

async function expectSample(chunks: Chunk[]) {
	const result = await read(chunks);
	expect(result.list).toEqual(SAMPLE_ENTRIES);
	expect(result).toMatchObject({
		entries: SAMPLE_ENTRIES.length,
		skipped: SAMPLE_SKIPPED,
		bytes: SAMPLE.bytes.length,
		errorCode: 0,
		message: 'Success ✓ "quoted" [not a list]',
	});
}

describe('eachListEntry: what it reads', () => {
	it("reads the service's wrapper: every object of data, errorCode and message", async () => {
		const text = '{"errorCode":0,"message":"Success","data":[{"a":1},{"b":[2,{"c":"3"}]}]}';
		const result = await read(text);
		expect(result.list).toEqual([{ a: 1 }, { b: [2, { c: '3' }] }]);
		expect(result).toMatchObject({
			entries: 2,
			skipped: 0,
			errorCode: 0,
			message: 'Success',
			bytes: text.length,
		});
	});

	it('reads a bare list, with no errorCode or message', async () => {
		const result = await read(' [ {"a":1} , {"b":2} ] ');
		expect(result.list).toEqual([{ a: 1 }, { b: 2 }]);
		expect(result.errorCode).toBeUndefined();
		expect(result.message).toBeUndefined();
	});

	it('reads the members in any order; a huge member before data is skipped and not kept', async () => {
		const huge = 'x'.repeat(5 * 1024 * 1024);
		const text =
			`{"message":"${huge}","other":{"data":[{"not":"this"}],"list":[${'[1],'.repeat(1000)}0]},` +
			`"data":[{"a":1}],"errorCode":401}`;
		const result = await read(splitAt(Buffer.from(text), [1000, 3_000_000]));
		expect(result.list).toEqual([{ a: 1 }]);
		expect(result.message).toBeUndefined();
		expect(result.errorCode).toBe(401);
	});

	it('keeps errorCode and message of up to 1 KiB as JSON.parse gives them, whatever their type', async () => {
		const message = 'm'.repeat(1022);
		expect(await read(`{"errorCode":"12","message":"${message}","data":[]}`)).toMatchObject({
			errorCode: '12',
			message,
			entries: 0,
		});
		expect((await read(`{"message":"${message}x","data":[]}`)).message).toBeUndefined();
		expect((await read('{"errorCode":null,"message":{"text":"no"}}')).message).toEqual({
			text: 'no',
		});
	});

	it('gives no entries for "data": null, no data, or data that is not a list', async () => {
		for (const text of [
			'{"errorCode":0,"message":"Success","data":null}',
			'{"errorCode":3,"message":"Unauthorized"}',
			'{"data":{"a":[{"b":1}]}}',
			'{}',
			'[]',
		])
			expect(await read(text)).toMatchObject({ entries: 0, skipped: 0, list: [] });
	});

	it('skips elements that are not objects, unparsable ones and those onEntry refuses, and reads the others', async () => {
		const text =
			'{"data":[1,"two",[3],null,true,{"a":1},{"a":nope},{"a":2},{"throw":true},{"a":3}]}';
		const list: IDataObject[] = [];
		const result = await eachListEntry(streamOf([text]), (entry) => {
			if (entry.throw) throw new Error('refused');
			list.push(entry);
		});
		expect(list).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
		expect(result).toMatchObject({ entries: 3, skipped: 7 });
	});

	it('skips an entry over maxEntryBytes and reads the ones after it', async () => {
		const big = JSON.stringify({ big: 'y'.repeat(200) });
		const text = `{"data":[{"a":1},${big},{"a":2}]}`;
		for (const chunks of [[text], splitAt(Buffer.from(text), [20, 40, 60, 200])]) {
			const result = await read(chunks, 100);
			expect(result.list).toEqual([{ a: 1 }, { a: 2 }]);
			expect(result).toMatchObject({ entries: 2, skipped: 1 });
		}
		expect((await read(text, big.length)).entries).toBe(3);
		expect((await read(text, big.length - 1)).entries).toBe(2);
	});

	it('reads text chunks, Uint8Array chunks and a leading byte order mark', async () => {
		const text = '\ufeff{"data":[{"é":"😀"}]}';
		expect((await read([text.slice(0, 5), text.slice(5)])).list).toEqual([{ é: '😀' }]);
		const bytes = Buffer.from(text);
		const arrays = splitAt(bytes, [1, 2, 9]).map((piece) => new Uint8Array(piece));
		expect((await read(arrays)).list).toEqual([{ é: '😀' }]);
	});
});

describe('eachListEntry: chunk boundaries', () => {
	it('reads the sample (UTF-8 of 2, 3 and 4 bytes, escapes, brackets in strings, nesting) in one chunk', async () => {
		expect(SAMPLE_ENTRIES).toHaveLength(4);
		await expectSample([SAMPLE.bytes]);
	});

	it('reads it one byte at a time', async () => {
		await expectSample(
			splitAt(
				SAMPLE.bytes,
				[...Array(SAMPLE.bytes.length - 1).keys()].map((at) => at + 1),
			),
		);
	});

	it('reads it split in two at every byte, empty chunks included', async () => {
		for (let at = 0; at <= SAMPLE.bytes.length; at++)
			await expectSample(splitAt(SAMPLE.bytes, [at]));
	});

	it('reads it split at random places (seeded)', async () => {
		const next = random(20261101);
		for (let round = 0; round < 300; round++) {
			const cuts = new Set<number>();
			const count = 1 + Math.floor(next() * 40);
			for (let index = 0; index < count; index++)
				cuts.add(Math.floor(next() * SAMPLE.bytes.length));
			await expectSample(
				splitAt(
					SAMPLE.bytes,
					[...cuts].sort((a, b) => a - b),
				),
			);
		}
	});
});

describe('eachListEntry: a log that stops or is not JSON', () => {
	it('throws when it ends in the middle, after handing over every entry complete before the cut', async () => {
		for (let cut = 0; cut <= SAMPLE.bytes.lastIndexOf('}'); cut++) {
			const { entries, error } = await readUntilError(
				splitAt(SAMPLE.bytes.subarray(0, cut), [cut >> 1]),
			);
			const complete = ELEMENT_VALUES.filter(
				(element, index) => isObject(element) && SAMPLE.ends[index] <= cut,
			);
			expect(entries).toEqual(complete);
			expect(error?.message).toMatch(
				cut === 0
					? /^the delivery log is empty$/
					: cut < SAMPLE.ends.at(-1)! + 2
						? /^the delivery log ended before its list was complete$/
						: /^the delivery log ended before it was complete$/,
			);
		}
	});

	it.each([
		[
			'an HTML page',
			'<html>Bad gateway</html>',
			/not JSON: "<" at byte 0 where an object or a list/,
		],
		['a number', '42', /not JSON: "4" at byte 0/],
		[
			'a member without its colon',
			'{"data" [{"a":1}]}',
			/not JSON: "\[" at byte 8 where ":" was expected/,
		],
		[
			'a missing comma',
			'[{"a":1} {"a":2}]',
			/not JSON: "{" at byte 9 where "," or "]" was expected/,
		],
		[
			'an empty element',
			'[{"a":1},,{"a":2}]',
			/not JSON: "," at byte 9 where a list element was expected/,
		],
		[
			'something after the end',
			'{"data":[{"a":1}]} {"data":[]}',
			/not JSON: "{" at byte 19 where nothing more/,
		],
	])('throws on %s, after the entries read before', async (_label, text, message) => {
		const { entries, error } = await readUntilError([text]);
		expect(error?.message).toMatch(message);
		expect(entries).toEqual(
			text.startsWith('[{') || text.startsWith('{"data":[') ? [{ a: 1 }] : [],
		);
	});
});

describe('eachListEntry: memory', () => {
	it('reads an entry nested 100,000 deep without recursing: skipped when too large, else parsed', async () => {
		const deep = `{"deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
		const text = `{"data":[${deep},${'['.repeat(100_000)}${']'.repeat(100_000)},{"ok":1}]}`;
		const chunks = splitAt(Buffer.from(text), [50_000, 150_000, 250_000]);
		expect(await read(chunks)).toMatchObject({ entries: 1, skipped: 2, list: [{ ok: 1 }] });
		expect(await read(chunks, 1024 * 1024)).toMatchObject({ entries: 2, skipped: 1 });
		const { entries, error } = await readUntilError([
			`{"data":[{"ok":1},{"deep":${'['.repeat(100_000)}`,
		]);
		expect(entries).toEqual([{ ok: 1 }]);
		expect(error?.message).toBe('the delivery log ended before its list was complete');
	});

	it('reads 200,000 generated entries (about 40 MB) with the live heap growing by less than 16 MB', async () => {
		setFlagsFromString('--expose-gc');
		const gc = runInNewContext('gc') as () => void;
		const ENTRIES = 200_000;
		const BATCH = 500;
		async function* log() {
			yield '{"errorCode":0,"message":"Success","data":[';
			for (let first = 0; first < ENTRIES; first += BATCH) {
				const batch = Array.from({ length: BATCH }, (_, index) => ({
					requestId: `00000000-0000-4000-8000-${String(first + index).padStart(12, '0')}`,
					createdDate: '2026-11-01T10:00:00.000',
					webhookStatus: 'SUCCESS (1)',
					httpStatusCode: 200,
					webhookUrl: `https://crm.example.com/hooks/${index % 50}`,
					reasons: 'ünïcødé "quoted" \\ [text]',
				}));
				yield Buffer.from((first === 0 ? '' : ',') + JSON.stringify(batch).slice(1, -1));
			}
			yield '],"returnUrl":null}';
		}
		gc();
		const before = process.memoryUsage().heapUsed;
		let peak = 0;
		let last = '';
		const result = await eachListEntry(log(), (entry) => {
			last = entry.requestId as string;
			if (Number(last.slice(-6)) % 20_000 === 0) {
				gc();
				peak = Math.max(peak, process.memoryUsage().heapUsed - before);
			}
		});
		expect(result).toMatchObject({
			entries: ENTRIES,
			skipped: 0,
			errorCode: 0,
			message: 'Success',
		});
		expect(result.bytes).toBeGreaterThan(40_000_000);
		expect(last).toBe('00000000-0000-4000-8000-000000199999');
		expect(peak).toBeLessThan(16 * 1024 * 1024);
	});
});

describe("the emulator's delivery log, streamed (test/emulator/routes/webhooks.ts)", () => {
	const SEEDED = 200_000;
	let emulator: Emulator;
	let bearer: string;

	beforeAll(async () => {
		emulator = await Emulator.start();
		emulator.seedDeliveryLog(SEEDED);
		const answer = await fetch(`${emulator.authUrl}/connect/token`, {
			method: 'POST',
			body: new URLSearchParams({
				grant_type: 'client_credentials',
				client_id: emulator.demo.clientId,
				client_secret: emulator.demo.clientSecret,
				scope: 'Integrationscope',
			}),
		});
		bearer = ((await answer.json()) as { access_token: string }).access_token;
	});

	afterAll(async () => {
		await emulator.stop();
	});

	/** GET /api/v1/webhooks/logs, with the filters in a JSON body as the service takes them. */
	function getLogs(filters?: object): Promise<IncomingMessage> {
		const body = filters === undefined ? undefined : Buffer.from(JSON.stringify(filters));
		const headers: Record<string, string> = { authorization: `Bearer ${bearer}` };
		if (body) {
			headers['content-type'] = 'application/json';
			headers['content-length'] = String(body.length);
		}
		return new Promise((resolve, reject) => {
			const sent = request(
				`${emulator.url}/api/v1/webhooks/logs`,
				{ method: 'GET', headers },
				resolve,
			);
			sent.on('error', reject);
			sent.end(body);
		});
	}

	it('answers the whole log in chunks, without a content length, and eachListEntry reads every entry', async () => {
		const answer = await getLogs();
		expect(answer.statusCode).toBe(200);
		expect(answer.headers['content-length']).toBeUndefined();
		expect(answer.headers['transfer-encoding']).toBe('chunked');
		const urls = new Set<unknown>();
		const result = await eachListEntry(answer, (entry) => urls.add(entry.webhookUrl));
		expect(result).toMatchObject({ entries: SEEDED, skipped: 0, errorCode: 0, message: 'Success' });
		expect(urls.size).toBe(50);
	});

	it('keeps its filters: one webhook URL, a request id', async () => {
		const read = async (filters: object) => {
			const entries: IDataObject[] = [];
			await eachListEntry(await getLogs(filters), (entry) => entries.push(entry));
			return entries;
		};
		const oneUrl = await read({ webhookUrl: 'https://crm.example.com/hooks/7' });
		expect(oneUrl).toHaveLength(SEEDED / 50);
		const { requestId } = emulator.state.account(emulator.demo.accountId)!.logs[1234];
		expect(await read({ requestId: requestId.toUpperCase() })).toEqual([
			expect.objectContaining({ requestId, webhookUrl: 'https://crm.example.com/hooks/34' }),
		]);
		expect(await read({ webhookStatus: 4 })).toEqual([]);
	});

	it('stops writing when the receiver stops reading', async () => {
		emulator.clearRequests();
		const answer = await getLogs();
		await new Promise((resolve) => answer.once('data', resolve));
		answer.destroy();
		const recorded = emulator.requestsTo('GET', '/api/v1/webhooks/logs')[0];
		for (let wait = 0; wait < 100 && recorded.answeredBytes === undefined; wait++)
			await new Promise((resolve) => setTimeout(resolve, 20));
		expect(recorded.answeredBytes).toBeLessThan(SEEDED * 80);
	});
});
