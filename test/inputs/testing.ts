/**
 * What the tests of test/inputs/ share: one emulator and harness per test file, input items with documents of every
 * kind, and the envelopes the emulator holds.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { actionOperations, byId, emulatorSuite, type InputItem, type RunExtras } from '../harness';
import { FUTURE, GUID, sampleParameters, signer, takesFile } from '../harness/samples';

export { byId };

/** Bytes that are not a PDF, as users send them by mistake. */
export const NOT_PDF = {
	png: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
	jpeg: Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
	zip: Buffer.from('504b0304140000000800', 'hex'),
	text: Buffer.from('Dear customer, please find the contract attached.\n'),
};

export function inputsSuite() {
	const suite = emulatorSuite();

	/** An item with a document in its binary field `data` (default: the emulator's sample PDF). */
	const fileItem = (
		data?: Buffer,
		fileName = 'contract.pdf',
		json: IDataObject = {},
	): InputItem => ({
		json,
		binary: {
			data: { data: data ?? suite.emulator.samplePdf, fileName, mimeType: 'application/pdf' },
		},
	});

	/** Runs the node once with these parameters (resource included) on these items. */
	const run = async (
		parameters: IDataObject,
		items: InputItem[] = [{ json: {} }],
		extras: RunExtras = {},
	) => await suite.harness.run({ ...extras, items, parameters: parameters as never });

	/** The envelopes of the demo account at the emulator. */
	const envelopes = () => [
		...(suite.emulator.state.account(suite.emulator.demo.accountId)?.envelopes.values() ?? []),
	];

	/** Requests to an API path (token requests excluded). */
	const requestsTo = (path: string) =>
		suite.apiRequests().filter((request) => request.path === path);

	return { suite, run, fileItem, envelopes, requestsTo, apiRequests: suite.apiRequests };
}

/** The JSON of each item, with its pairing: what the next node sees. */
export const paired = (items: INodeExecutionData[]) =>
	items.map((item) => ({ json: item.json, pairedItem: item.pairedItem }));

// --- The cases of bad-input/ and hostile-input.test.ts: each operation from a valid request ---

export { FUTURE, GUID, signer };
export const ZERO_GUID = '00000000-0000-0000-0000-000000000000';
/** The value of the case, given to the field by an expression. */
export const V = '={{ $json.v }}';
export const long = (length: number, char = 'a') => char.repeat(length);

export const signersFields = (...list: IDataObject[]) => ({
	destinationsInput: 'fields',
	destinations: { destination: list },
});
export const signersJson = (value: string) => ({
	destinationsInput: 'json',
	destinationsJson: value,
});
export const detail = { firstNameEnglish: 'Jane', emailAddress: 'jane@example.com' };
export const detailsFields = (...list: IDataObject[]) => ({
	signersInput: 'fields',
	signers: { signer: list },
});
export const detailsJson = (value: string) => ({ signersInput: 'json', signersJson: value });

/**
 * What each operation needs to send a valid request, and whether it takes a document from the item: derived from the
 * node description (test/harness/samples.ts), with the required fields the samples do not name (`unknown`: the
 * request is refused for them; bad-input/coverage.test.ts fails naming them).
 */
export const BASES: Record<string, { parameters: IDataObject; file: boolean; unknown: string[] }> =
	Object.fromEntries(
		actionOperations().map((operation) => [
			operation.key,
			{ ...sampleParameters(operation), file: takesFile(operation) },
		]),
	);

export interface Case {
	/** `resource:operation`. */
	operation: string;
	/** Parameters that replace the base's. */
	parameters?: IDataObject;
	/** The value of `$json.v`, for fields given by expression (V). */
	v?: unknown;
	/** The item's document instead of the sample PDF (file operations). */
	file?: Buffer;
	fileName?: string;
}

/** A case of bad input: its name, what runs, and the error message (exact text, or a pattern) it must be refused with. */
export type RefusedCase = [name: string, test: Case, message: string | RegExp];

/**
 * Registers one test per case, with the file's own emulator: the case is refused with its message, no item comes out
 * and nothing reaches the API.
 */
export function expectRefused(cases: RefusedCase[]) {
	const { run, fileItem, apiRequests } = inputsSuite();
	const runCase = caseRunner(run, fileItem);
	it.each(cases)('%s', async (_name, test, message) => {
		const result = await runCase(test);
		if (typeof message === 'string') expect(result.error?.message).toBe(message);
		else expect(result.error?.message).toMatch(message);
		expect(result.items).toHaveLength(0);
		expect(apiRequests()).toHaveLength(0);
	});
}

/** Runs one case: its operation's base parameters with the case's own, on one item (with the document, if it takes one). */
export function caseRunner(
	run: ReturnType<typeof inputsSuite>['run'],
	fileItem: ReturnType<typeof inputsSuite>['fileItem'],
) {
	const item = (test: Case): InputItem => {
		const json = 'v' in test ? { v: test.v } : {};
		return BASES[test.operation].file
			? fileItem(test.file, test.fileName, json as IDataObject)
			: { json: json as IDataObject };
	};
	return async (test: Case) => {
		const [resource, operation] = String(test.operation).split(':');
		return await run(
			{ resource, operation, ...BASES[test.operation].parameters, ...test.parameters },
			[item(test)],
		);
	};
}
