import { KNOWN_CR_NUMBER, crRecord } from '../emulator';
import { emulatorSuite } from '../harness';

/** Commercial registration check through n8n-core's routing engine against the emulator. */

const suite = emulatorSuite();
const { apiRequests } = suite;
const check = suite.runner('commercialRegistration', { operation: 'check' });

/** Every value of a record with the path that leads to it. */
function leaves(value: unknown, path: string[] = []): Array<[string[], unknown]> {
	if (typeof value !== 'object' || value === null) return [[path, value]];
	return Object.entries(value).flatMap(([key, entry]) => leaves(entry, [...path, key]));
}

/** Simplified: every value of the record that is not null, at its place, and nothing else (no null, no empty object). */
function expectSimplified(json: object, record: Record<string, unknown>): void {
	const wanted = leaves(record).filter(([, value]) => value !== null);
	expect(leaves(json)).toEqual(wanted);
	expect(wanted.length).toBeLessThan(leaves(record).length);
	expect(json).not.toHaveProperty('eCommerce');
	expect(json).not.toHaveProperty('capital.stockCapital');
}

describe('Commercial registration resource: check', () => {
	it('looks a CR number up in Arabic by default and outputs the record', async () => {
		const result = await check({ commercialNumber: ` ${KNOWN_CR_NUMBER} ` });
		expect(result.error).toBeUndefined();
		const [request] = apiRequests();
		expect(request.method).toBe('GET');
		expect(request.path).toBe(`/api/v2/kyb/check-cr/${KNOWN_CR_NUMBER}`);
		expect(request.query).toEqual({ language: 'ar' });
		expect(request.headers.authorization).toBe(`Bearer ${suite.harness.credentials().accessToken}`);
		expect(request.rawBody.length).toBe(0);
		expect(result.items).toHaveLength(1);
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expectSimplified(result.items[0].json, crRecord('ar'));
		expect(result.items[0].json.name).toBe('شركة المثال للتقنية');
	});

	it('asks for English names', async () => {
		const result = await check({ commercialNumber: KNOWN_CR_NUMBER, language: 'en' });
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].query).toEqual({ language: 'en' });
		expectSimplified(result.items[0].json, crRecord('en'));
		expect(result.items[0].json.name).toBe('Example Technology Company');
	});

	it('sends a language from an expression in lower case', async () => {
		const result = await check({ commercialNumber: KNOWN_CR_NUMBER, language: '={{ " EN " }}' });
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].query).toEqual({ language: 'en' });
	});

	it('outputs the record as answered, nulls included, with Simplify off', async () => {
		const result = await check({ commercialNumber: KNOWN_CR_NUMBER, simplify: false });
		expect(result.items).toEqual([{ json: crRecord('ar'), pairedItem: { item: 0 } }]);
		expect(result.items[0].json.deletionDate).toBeNull();
	});

	it('keeps the whole answer when asked to', async () => {
		const result = await check({
			commercialNumber: KNOWN_CR_NUMBER,
			options: { includeResponseWrapper: true },
		});
		expect(result.items[0].json).toMatchObject({
			errorCode: 0,
			message: 'Success',
			data: crRecord('ar'),
		});
	});

	it('reports an unregistered CR number (error 149 on HTTP 200)', async () => {
		const result = await check({ commercialNumber: '9999999999' });
		expect(apiRequests()).toHaveLength(1);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toBe(
			'The commercial registration number is not registered with the Ministry of Commerce (error 149)',
		);
		expect(result.error?.description).toContain('CR number is not registered');
	});

	it('reports an answer without a record as not found', async () => {
		suite.emulator.failNext(1, 200, {
			data: null,
			errorCode: 0,
			message: 'Success',
			returnUrl: null,
			stateValidationErrors: null,
			signature: '',
		});
		const result = await check({ commercialNumber: KNOWN_CR_NUMBER });
		expect(result.error?.message).toBe('The requested item was not found');
	});

	it.each([
		[
			'an empty number',
			{ commercialNumber: '={{ $json.missing }}' },
			/Commercial Registration Number is required/,
		],
		[
			'a number with a slash',
			{ commercialNumber: '1010/0101' },
			/^Commercial Registration Number must be digits only, got "1010\/0101"$/,
		],
		[
			'an unknown language from an expression',
			{ commercialNumber: KNOWN_CR_NUMBER, language: '={{ "fr" }}' },
			/Language must be "ar" or "en"/,
		],
	])('refuses %s before sending', async (_case, parameters, message) => {
		const result = await check(parameters);
		expect(result.error?.message).toMatch(message);
		expect(suite.emulator.requests).toHaveLength(0);
	});

	it('checks several numbers, pairing the records and the errors with their items', async () => {
		const result = await check(
			{ commercialNumber: '={{ $json.cr }}' },
			{
				items: [
					{ json: { cr: KNOWN_CR_NUMBER } },
					{ json: { cr: '123' } },
					{ json: { cr: KNOWN_CR_NUMBER } },
				],
				continueOnFail: true,
			},
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests()).toHaveLength(3);
		expect(
			result.items.map((item) => [item.pairedItem, item.json.crNumber ?? item.json.error]),
		).toEqual([
			[{ item: 0 }, KNOWN_CR_NUMBER],
			[
				{ item: 1 },
				'The commercial registration number is not registered with the Ministry of Commerce (error 149)',
			],
			[{ item: 2 }, KNOWN_CR_NUMBER],
		]);
	});

	it('stops at the first failing item without Continue On Fail', async () => {
		const result = await check(
			{ commercialNumber: '={{ $json.cr }}' },
			{ items: [{ json: { cr: KNOWN_CR_NUMBER } }, { json: { cr: '123' } }] },
		);
		expect(result.items).toHaveLength(0);
		expect(result.error?.message).toContain('(error 149)');
	});
});
