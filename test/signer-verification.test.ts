/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Signer verification beyond an e-mail (issue 27, point 5): every signers field takes a National ID, sent as
 * `nationalId`; a signer with Absher One-Time Password (9) and no National ID, or WhatsApp One-Time Password (10) and
 * no phone number, is refused before anything is sent, naming the signer and the field. Through n8n-core's routing
 * engine (action node) and the Send and Wait node's code, against the emulator, which answers errorCode 147 as the
 * service does when the check is absent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ESignatureSendAndWait } from '../nodes/ESignature/ESignatureSendAndWait.node';
import { emulatorSuite } from './harness';
import { type JsonSchema, validate } from './harness/json-schema';
import { ServiceClient } from './harness/service-client';

const schemaOf = (operation: string) =>
	JSON.parse(
		readFileSync(
			join(
				__dirname,
				'..',
				'nodes',
				'ESignature',
				'__schema__',
				'v1.0.0',
				'invitation',
				`${operation}.json`,
			),
			'utf8',
		),
	) as JsonSchema;

const suite = emulatorSuite();
const invitation = suite.runner('invitation');
const envelope = suite.runner('envelope');
const NATIONAL_ID = '1012345678';
const absher = { name: 'Jane Doe', email: 'jane@example.com', authenticationType: 9 };

const sendAndWait = new ESignatureSendAndWait();
const runSendAndWait = async (signers: INodeParameters) =>
	await suite.harness.run({
		parameters: { inputDataFieldName: 'data', invitationSubject: 'Please sign', ...signers },
		items: [suite.pdfItem()],
		nodeType: sendAndWait,
	});

/** The signers of the one invitation request the emulator received. */
function receivedSigners(path: string | RegExp, key = 'destinations'): IDataObject[] {
	const requests = suite.emulator.requestsTo('POST', path);
	expect(requests).toHaveLength(1);
	return (requests[0].body as IDataObject)[key] as IDataObject[];
}

describe('National ID is sent as nationalId', () => {
	it('action node, Fields mode (v2 links)', async () => {
		const result = await invitation({
			operation: 'getSigningLinks',
			documentId: suite.seedEnvelope().documentId,
			destinations: { destination: [{ ...absher, nationalId: ` ${NATIONAL_ID} ` }] },
		});
		expect(result.error).toBeUndefined();
		expect(receivedSigners('/api/v2/invitations/send')[0]).toMatchObject({
			authenticationType: 9,
			nationalId: NATIONAL_ID,
		});
		// The service keeps it on the signer and echoes it in the v2 record, a field the editor's schema names.
		expect(result.items[0].json.nationalId).toBe(NATIONAL_ID);
		expect(validate(schemaOf('getSigningLinks'), result.items[0].json)).toEqual([]);
	});

	it('action node, Fields mode (v1 invitations, PascalCase like every field there)', async () => {
		const account = suite.emulator.state.account(suite.emulator.demo.accountId)!;
		const { documentId } = suite.emulator.state.createEnvelope(account, {
			files: [{ fileName: 'contract.pdf', data: suite.emulator.samplePdf }],
		});
		const result = await invitation({
			operation: 'send',
			documentId,
			destinations: { destination: [{ ...absher, nationalId: NATIONAL_ID }] },
		});
		expect(result.error).toBeUndefined();
		expect(receivedSigners('/api/v1/invitations', 'Destinations')[0]).toMatchObject({
			AuthenticationType: 9,
			NationalId: NATIONAL_ID,
		});
	});

	it('action node, JSON mode, by the API name or the label', async () => {
		const result = await invitation({
			operation: 'sendWithLinks',
			documentId: suite.seedEnvelope().documentId,
			destinationsInput: 'json',
			destinationsJson: JSON.stringify([
				{ ...absher, nationalId: NATIONAL_ID },
				{
					name: 'Omar Ali',
					email: 'omar@example.com',
					'Authentication Type': 'Absher One-Time Password (Needs National ID)',
					'National ID': '2098765432',
				},
			]),
		});
		expect(result.error).toBeUndefined();
		expect(
			receivedSigners('/api/v3/invitations/send').map((s) => [s.authenticationType, s.nationalId]),
		).toEqual([
			[9, NATIONAL_ID],
			[9, '2098765432'],
		]);
	});

	it('Send and Wait, Fields mode', async () => {
		const result = await runSendAndWait({
			destinations: { destination: [{ ...absher, nationalId: NATIONAL_ID }] },
		});
		expect(result.error).toBeUndefined();
		expect(receivedSigners('/api/v3/invitations/send')[0]).toMatchObject({
			authenticationType: 9,
			nationalId: NATIONAL_ID,
		});
	});

	it('Send and Wait, JSON mode', async () => {
		const result = await runSendAndWait({
			destinationsInput: 'json',
			destinationsJson: JSON.stringify([{ ...absher, nationalId: NATIONAL_ID }]),
		});
		expect(result.error).toBeUndefined();
		expect(receivedSigners('/api/v3/invitations/send')[0]).toMatchObject({
			authenticationType: 9,
			nationalId: NATIONAL_ID,
		});
	});

	it('WhatsApp One-Time Password with a phone number is sent, and the v2 record echoes the phone', async () => {
		const result = await invitation({
			operation: 'getSigningLinks',
			documentId: suite.seedEnvelope().documentId,
			destinations: {
				destination: [
					{
						name: 'Jane Doe',
						email: 'jane@example.com',
						authenticationType: 10,
						phoneNumber: '+966 50 000 0001',
					},
				],
			},
		});
		expect(result.error).toBeUndefined();
		expect(receivedSigners('/api/v2/invitations/send')[0]).toMatchObject({
			authenticationType: 10,
			destinationPhoneNumber: '+966500000001',
		});
		expect(result.items[0].json.destinationPhone).toBe('+966500000001');
	});
});

describe('a signer whose verification lacks a detail is refused before anything is sent', () => {
	const ABSHER = 'Absher One-Time Password (Needs National ID)';
	const WHATSAPP = 'WhatsApp One-Time Password';
	const noRequest = () => expect(suite.emulator.requests).toEqual([]);

	it.each([
		[
			'action node, Fields mode, Absher without National ID',
			async () =>
				await invitation({
					operation: 'getSigningLinks',
					documentId: suite.seedEnvelope().documentId,
					destinations: {
						destination: [
							{ name: 'Omar Ali', email: 'omar@example.com' },
							{ ...absher, nationalId: '  ' },
						],
					},
				}),
			`Signers, signer 2 (Jane Doe): National ID is required when Authentication Type is ${ABSHER}`,
		],
		[
			'action node, Fields mode, Absher chosen by name in an expression',
			async () =>
				await invitation({
					operation: 'send',
					documentId: suite.seedEnvelope().documentId,
					destinations: {
						destination: [
							{
								...absher,
								authenticationType: '={{ "absher one-time password (needs national id)" }}',
							},
						],
					},
				}),
			`Signers, signer 1 (Jane Doe): National ID is required when Authentication Type is ${ABSHER}`,
		],
		[
			'action node, JSON mode, WhatsApp without a phone number',
			async () =>
				await invitation({
					operation: 'sendWithLinks',
					documentId: suite.seedEnvelope().documentId,
					destinationsInput: 'json',
					destinationsJson: JSON.stringify([
						{ name: 'Jane Doe', email: 'jane@example.com', authenticationType: 10 },
					]),
				}),
			`Signers, signer 1 (Jane Doe): Phone Number is required when Authentication Type is ${WHATSAPP}`,
		],
		[
			'action node, Create and Invite (bulk initiate), Absher',
			async () =>
				await envelope(
					{ operation: 'createAndInvite', destinations: { destination: [{ ...absher }] } },
					[suite.pdfItem()],
				),
			`Signers, signer 1 (Jane Doe): National ID is required when Authentication Type is ${ABSHER}`,
		],
		[
			'Send and Wait, Fields mode, Absher',
			async () => await runSendAndWait({ destinations: { destination: [{ ...absher }] } }),
			`Signers, signer 1 (Jane Doe): National ID is required when Authentication Type is ${ABSHER}`,
		],
		[
			'Send and Wait, JSON mode, WhatsApp',
			async () =>
				await runSendAndWait({
					destinationsInput: 'json',
					destinationsJson: JSON.stringify([
						{
							name: 'Jane Doe',
							email: 'jane@example.com',
							'Authentication Type': 'WhatsApp One-Time Password',
						},
					]),
				}),
			`Signers, signer 1 (Jane Doe): Phone Number is required when Authentication Type is ${WHATSAPP}`,
		],
	])('%s', async (_, run, message) => {
		const result = await run();
		expect(result.error?.message).toBe(message);
		noRequest();
	});

	it("says why, and shows none of the signer's personal details, which the user has in front of them", async () => {
		const result = await invitation({
			operation: 'getSigningLinks',
			documentId: suite.seedEnvelope().documentId,
			destinations: { destination: [{ ...absher, phoneNumber: '+966500000001' }] },
		});
		expect(result.error?.description).toBe(
			'The service refuses an Absher invitation without it (error 147).',
		);
		expect(`${result.error?.message} ${result.error?.description}`).not.toMatch(
			/966500000001|jane@example\.com/,
		);
		noRequest();
	});

	it('names the signer and the field, never the National ID, when another detail is wrong', async () => {
		const result = await invitation({
			operation: 'getSigningLinks',
			documentId: suite.seedEnvelope().documentId,
			destinations: { destination: [{ ...absher, nationalId: NATIONAL_ID, phoneNumber: '12' }] },
		});
		expect(result.error?.message).toMatch(
			/^Signers, signer 1: Phone Number must be a phone number/,
		);
		expect(`${result.error?.message} ${result.error?.description}`).not.toContain(NATIONAL_ID);
		noRequest();
	});
});

describe('without the check, the service refuses Absher without nationalId (errorCode 147)', () => {
	const service = new ServiceClient(() => suite.emulator);

	it('the body the node sends, less nationalId, is refused and invites nobody', async () => {
		const documentId = suite.seedEnvelope().documentId;
		const sent = await invitation({
			operation: 'getSigningLinks',
			documentId,
			destinations: { destination: [{ ...absher, nationalId: NATIONAL_ID }] },
		});
		expect(sent.error).toBeUndefined();
		const body = structuredClone(
			suite.emulator.requestsTo('POST', '/api/v2/invitations/send')[0].body,
		) as IDataObject;
		delete ((body.destinations as IDataObject[])[0] as IDataObject).nationalId;
		const other = suite.seedEnvelope().documentId;
		const response = await fetch(`${suite.emulator.url}/api/v2/invitations/send`, {
			method: 'POST',
			headers: {
				'content-type': 'application/json',
				authorization: `Bearer ${await service.apiToken()}`,
			},
			body: JSON.stringify({ ...body, documentId: other }),
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({
			errorCode: 147,
			message: 'NationalId is required for AbsherOtp authentication',
		});
		expect(suite.emulator.state.findDocumentAnywhere(other)?.envelope.signers).toEqual([]);
	});
});
