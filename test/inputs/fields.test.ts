/**
 * Fields that tell the user what to enter: JSON lists of signers take the names the Fields mode shows as well as the
 * API's spellings, and start empty with an example; descriptions say where an ID comes from and which download to use.
 */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { ESignature } from '../../nodes/ESignature/ESignature.node';
import { inputsSuite } from './testing';

const { run, apiRequests } = inputsSuite();

const GUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
const { properties } = new ESignature().description;

/** The field `name` as the editor shows it for this operation. */
function field(resource: string, operation: string, name: string): INodeProperties {
	const found = properties.find(
		(p) =>
			p.name === name &&
			(p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource) &&
			(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
	);
	if (!found) throw new Error(`No field ${name} on ${resource} → ${operation}`);
	return found;
}

describe('Signers (JSON)', () => {
	const labelled = [
		{
			Name: 'Jane Doe',
			Email: 'jane@example.com',
			'Phone Number': '+966 50 000 0001',
			'Sign Order': 2,
			'authentication type': 3,
		},
		{ NAME: 'Omar Saleh', email: 'omar@example.com', sign_order: 1 },
	];

	it('takes the field names of the Fields mode, in any case, and sends them as the API spells them (PascalCase)', async () => {
		const result = await run({
			resource: 'invitation',
			operation: 'send',
			documentId: GUID,
			destinationsInput: 'json',
			destinationsJson: JSON.stringify(labelled),
		});
		// The invitation; the service does not know the document, so the node then asks whether GUID is an envelope's.
		expect(apiRequests().map((request) => request.path)).toEqual([
			'/api/v1/invitations',
			`/api/v1/envelopes/${GUID}/status`,
		]);
		expect((apiRequests()[0].body as IDataObject).Destinations).toEqual([
			{
				DestinationName: 'Jane Doe',
				DestinationEmail: 'jane@example.com',
				DestinationPhoneNumber: '+966500000001',
				SigneOrder: 2,
				AuthenticationType: 3,
			},
			{ DestinationName: 'Omar Saleh', DestinationEmail: 'omar@example.com', SigneOrder: 1 },
		]);
		expect(result.error?.message ?? '').not.toMatch(/Signers/);
	});

	it('takes both spellings of the API too, and the labels of the v2 fields (camelCase endpoint)', async () => {
		const signers = [
			{
				DestinationName: 'Jane Doe',
				destinationEmail: 'jane@example.com',
				'Recipient Type': 2,
				'Invitation Language': 1,
				'Redirect URL': 'https://example.com/done',
			},
		];
		await run({
			resource: 'invitation',
			operation: 'getSigningLinks',
			documentId: GUID,
			destinationsInput: 'json',
			destinationsJson: JSON.stringify(signers),
		});
		expect((apiRequests()[0].body as IDataObject).destinations).toEqual([
			{
				destinationName: 'Jane Doe',
				destinationEmail: 'jane@example.com',
				destinationType: 2,
				invitationLanguage: 1,
				redirectUrl: 'https://example.com/done',
				signeOrder: 1,
			},
		]);
	});

	it.each([
		['invitation', 'send', 'destinationsJson'],
		['invitation', 'getSigningLinks', 'destinationsJson'],
		['envelope', 'createAndInvite', 'destinationsJson'],
		['signing', 'sign', 'signersJson'],
		['identitySigning', 'signWithSigners', 'signersJson'],
	])(
		'%s → %s: %s starts empty and shows an example as placeholder and hint',
		(resource, operation, name) => {
			const json = field(resource, operation, name);
			expect(json.default).toBe('');
			expect(JSON.parse(json.placeholder as string)).toEqual([expect.any(Object)]);
			expect(json.hint).toContain(json.placeholder);
			expect(json.description).toMatch(/named as there \(.+\) or as the API spells them/);
		},
	);
});

describe('Signer Details (JSON)', () => {
	it('takes the field names of the Fields mode and sends the API spelling', async () => {
		const details = [
			{
				'First Name (English)': 'Jane',
				'national id': '1000000001',
				'Mobile Number': '+966 50 000 0001',
				Email: 'jane@example.com',
			},
		];
		await run({
			resource: 'signing',
			operation: 'sign',
			documentId: GUID,
			signersInput: 'json',
			signersJson: JSON.stringify(details),
		});
		expect((apiRequests()[0].body as IDataObject).signres).toEqual([
			{
				firstNameEnglish: 'Jane',
				nationalId: '1000000001',
				mobileNumber: '+966500000001',
				emailAddress: 'jane@example.com',
			},
		]);
	});
});

describe('descriptions that say where a value comes from', () => {
	it('Invitation → Extend: the Invitation ID comes from Get Signing Links or Send and Get Links, not from v1 sends', () => {
		const description = String(field('invitation', 'extend', 'destinationId').description);
		expect(description).toContain('Get Signing Links or Send and Get Links');
		expect(description).toContain('one item per signer');
		expect(description).toMatch(
			/Send for Document, Send for Several Documents and Send for Envelope .* give no ID/,
		);
	});

	it('Download Signed and Download Content each say when to use the other', () => {
		const signed = String(field('document', 'downloadSigned', 'documentId').description);
		const content = String(field('document', 'getContent', 'documentId').description);
		expect(signed).toContain('a ZIP of every document when the envelope has several');
		expect(signed).toContain('use Download Content');
		expect(content).toContain('this one document');
		expect(content).toContain('use Download Signed');
	});

	it('Reference Number says what is sent when it is empty', () => {
		for (const [resource, operation] of [
			['envelope', 'create'],
			['signing', 'signByTemplate'],
		]) {
			const collection = field(resource, operation, 'additionalFields');
			const reference = (collection.options as INodeProperties[]).find(
				(o) => o.name === 'referenceNumber',
			);
			expect(reference?.description).toMatch(
				/When empty, the node sends one derived from the execution and item/,
			);
		}
	});
});
