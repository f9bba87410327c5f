/**
 * What the tests of test/inputs/ share: one emulator and harness per test file, input items with documents of every
 * kind, and the envelopes the emulator holds.
 */
import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import { emulatorSuite, type InputItem, type RunExtras } from '../harness';

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
	const fileItem = (data?: Buffer, fileName = 'contract.pdf', json: IDataObject = {}): InputItem => ({
		json,
		binary: { data: { data: data ?? suite.emulator.samplePdf, fileName, mimeType: 'application/pdf' } },
	});

	/** Runs the node once with these parameters (resource included) on these items. */
	const run = async (parameters: IDataObject, items: InputItem[] = [{ json: {} }], extras: RunExtras = {}) =>
		await suite.harness.run({ ...extras, items, parameters: parameters as never });

	/** The envelopes of the demo account at the emulator. */
	const envelopes = () => [...(suite.emulator.state.account(suite.emulator.demo.accountId)?.envelopes.values() ?? [])];

	/** Requests to an API path (token requests excluded). */
	const requestsTo = (path: string) => suite.apiRequests().filter((request) => request.path === path);

	return { suite, run, fileItem, envelopes, requestsTo, apiRequests: suite.apiRequests };
}

/** The JSON of each item, with its pairing: what the next node sees. */
export const paired = (items: INodeExecutionData[]) => items.map((item) => ({ json: item.json, pairedItem: item.pairedItem }));
