/**
 * Invitation Language (issue 27, point 4): a named choice sends the published number (1 Arabic, 2 English), a number
 * from an expression or JSON is sent as given, a workflow saved when the choices were numbers (Arabic 0, English 1)
 * keeps the language its user picked, and the signing page comes in that language. Through n8n-core's routing engine
 * (action node) and the Send and Wait node's code, against the emulator.
 */
import type { IDataObject, INodeParameters, NodeParameterValue } from 'n8n-workflow';

import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { emulatorSuite } from './harness';

const suite = emulatorSuite();
const invitation = suite.runner('invitation');
const jane = { name: 'Jane Doe', email: 'jane@example.com' };

/** The invitation languages the emulator received in the one invitation request of a run. */
function receivedLanguages(): unknown[] {
	const requests = suite.emulator.requestsTo('POST', /^\/api\/v[23]\/invitations\/send$/);
	expect(requests).toHaveLength(1);
	return ((requests[0].body as IDataObject).destinations as IDataObject[]).map(
		(destination) => destination.invitationLanguage,
	);
}

/** Gets links for one signer whose Invitation Language is stored as `language` (undefined: never set). */
async function linksFor(language: unknown) {
	const entry: INodeParameters = { ...jane };
	if (language !== undefined) entry.invitationLanguage = language as NodeParameterValue;
	const result = await invitation({
		operation: 'getSigningLinks',
		documentId: suite.seedEnvelope().documentId,
		destinations: { destination: [entry] },
	});
	expect(result.error).toBeUndefined();
	return result;
}

describe('Invitation Language, action node (Fields mode)', () => {
	it.each([
		['Arabic', 'arabic', 1],
		['English', 'english', 2],
	])('the choice %s sends the published number', async (_, choice, sent) => {
		await linksFor(choice);
		expect(receivedLanguages()).toEqual([sent]);
	});

	it('an untouched field sends English (2)', async () => {
		await linksFor(undefined);
		expect(receivedLanguages()).toEqual([2]);
	});

	it.each([
		['Arabic', 0, 1],
		['English', 1, 2],
	])(
		'a workflow saved when the choices were numbers keeps its %s (stored %s, sends %s)',
		async (_, stored, sent) => {
			const result = await linksFor(stored);
			expect(receivedLanguages()).toEqual([sent]);
			expect(result.items[0].json.invitationLanguage).toBe(_);
		},
	);

	it.each([
		['={{ 0 }}', 0],
		['={{ 1 }}', 1],
		['={{ "2" }}', 2],
		['={{ 7 }}', 7],
	])(
		'a number by expression (%s) is sent as given, for accounts that number differently',
		async (expression, sent) => {
			await linksFor(expression);
			expect(receivedLanguages()).toEqual([sent]);
		},
	);

	it('a name by expression, in any case, sends its published number', async () => {
		await linksFor('={{ "ARABIC" }}');
		expect(receivedLanguages()).toEqual([1]);
	});

	it('refuses a language the list does not have, listing the published numbers, and sends nothing', async () => {
		const result = await invitation({
			operation: 'getSigningLinks',
			documentId: suite.seedEnvelope().documentId,
			destinations: { destination: [{ ...jane, invitationLanguage: '={{ "French" }}' }] },
		});
		expect(result.error?.message).toBe(
			'Signers, signer 1: Invitation Language must be one of Arabic (1), English (2), by name or number; got "French"',
		);
		expect(suite.emulator.requests).toEqual([]);
	});
});

describe('Invitation Language, action node (JSON mode)', () => {
	it('names send the published numbers and numbers are sent as given', async () => {
		const signers = [
			{ name: 'A', email: 'a@example.com', invitationLanguage: 'Arabic' },
			{ name: 'B', email: 'b@example.com', 'Invitation Language': 'english' },
			{ name: 'C', email: 'c@example.com', invitationLanguage: 0 },
			{ name: 'D', email: 'd@example.com' },
		];
		const result = await invitation({
			operation: 'getSigningLinks',
			documentId: suite.seedEnvelope().documentId,
			destinationsInput: 'json',
			destinationsJson: JSON.stringify(signers),
		});
		expect(result.error).toBeUndefined();
		// D has no language: the service's own default decides, as before.
		expect(receivedLanguages()).toEqual([1, 2, 0, undefined]);
	});
});

describe('the signing page comes in the invitation language', () => {
	const pageLanguage = async (link: unknown) => {
		const html = await (await fetch(String(link))).text();
		return /<html lang="(\w+)" dir="(\w+)">/.exec(html)?.slice(1);
	};

	it.each([
		['arabic', ['ar', 'rtl']],
		['english', ['en', 'ltr']],
		// The sandbox served an English page for 0.
		['={{ 0 }}', ['en', 'ltr']],
	])('%s', async (choice, expected) => {
		const result = await linksFor(choice);
		expect(await pageLanguage(result.items[0].json.invitationLink)).toEqual(expected);
	});
});

describe('Invitation Language, Send and Wait', () => {
	const sendAndWait = new ESignatureSendAndWait();
	const run = async (signers: INodeParameters) =>
		await suite.harness.run({
			parameters: { inputDataFieldName: 'data', invitationSubject: 'Please sign', ...signers },
			items: [suite.pdfItem()],
			nodeType: sendAndWait,
		});

	it('Fields mode: choices, a saved number and a raw number by expression', async () => {
		const result = await run({
			destinations: {
				destination: [
					{ name: 'A', email: 'a@example.com', invitationLanguage: 'arabic' },
					{ name: 'B', email: 'b@example.com', invitationLanguage: 'english' },
					{ name: 'C', email: 'c@example.com', invitationLanguage: 0 },
					{ name: 'D', email: 'd@example.com', invitationLanguage: '={{ 0 }}' },
					{ name: 'E', email: 'e@example.com' },
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect(receivedLanguages()).toEqual([1, 2, 1, 0, 2]);
	});

	it('JSON mode: names and numbers', async () => {
		const result = await run({
			destinationsInput: 'json',
			destinationsJson: JSON.stringify([
				{ name: 'A', email: 'a@example.com', invitationLanguage: 'english' },
				{ name: 'B', email: 'b@example.com', invitationLanguage: 1 },
			]),
		});
		expect(result.error).toBeUndefined();
		expect(receivedLanguages()).toEqual([2, 1]);
	});
});
