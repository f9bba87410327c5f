/**
 * Create and Invite (createAndInvite.ts): the envelope, its signers and the invitations in one request.
 */
import type { IDataObject } from 'n8n-workflow';

import { byId, envelopeSuite, expectJson } from './testing';

const { suite, run, envelopeCalls, pdfItem, createWebhook } = envelopeSuite();

describe('envelope: createAndInvite', () => {
	const future = '2099-06-30T12:00:00.000Z';

	it('sends the PascalCase body with Files, Destinations (with DailyNotify) and the flags, and outputs the returnUrl', async () => {
		const result = await run(
			{
				operation: 'createAndInvite',
				inputDataFieldName: 'data',
				destinationsInput: 'fields',
				destinations: {
					destination: [
						{
							name: 'Jane Doe',
							email: 'jane@example.com',
							phoneNumber: '+966500000001',
							authenticationType: 3,
							options: {
								availableTo: future,
								dailyNotify: true,
								consentOnly: false,
								allowSignAnywhere: true,
							},
						},
						{ name: 'Omar', email: 'omar@example.com', signOrder: 5 },
					],
				},
				invitationSubject: 'Please sign',
				invitationMessage: 'The contract is ready.',
				additionalFields: { isReturnUrl: true },
			},
			[pdfItem('deal.pdf')],
		);

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/envelopes/bulk/initiate-and-invite');
		expectJson(request);
		expect(request.body).toEqual({
			Files: [{ File: suite.emulator.samplePdf.toString('base64'), fileName: 'deal.pdf' }],
			Destinations: [
				{
					DestinationName: 'Jane Doe',
					DestinationEmail: 'jane@example.com',
					DestinationPhoneNumber: '+966500000001',
					SigneOrder: 1,
					AvailableTo: '2099-06-30T12:00:00Z',
					ConsentOnly: false,
					AuthenticationType: 3,
					AllowUserToSignAnyWhere: true,
					DailyNotify: true,
				},
				// Options not added are not sent.
				{
					DestinationName: 'Omar',
					DestinationEmail: 'omar@example.com',
					SigneOrder: 5,
					AuthenticationType: 0,
				},
			],
			SaveAsDraft: false,
			InvitationMessage: 'The contract is ready.',
			InvitationSubject: 'Please sign',
			SendUserInvitation: true,
			IsReturnUrl: true,
		});
		expect(request.body).not.toHaveProperty('WebhookId');

		const output = result.items[0];
		expect(output.pairedItem).toEqual({ item: 0 });
		const envelopeId = output.json.envelopeId as string;
		expect(output.json.returnUrl).toBe(`/dashboard/envelopes/${envelopeId}`);
		expect((output.json.destinations as IDataObject[]).map((d) => d.destinationEmail)).toEqual([
			'jane@example.com',
			'omar@example.com',
		]);
		const sent = suite.emulator.notifications.filter(
			(n) => n.envelopeId === envelopeId && n.kind === 'invitation',
		);
		expect(sent.map((n) => n.to).sort()).toEqual(['jane@example.com', 'omar@example.com']);
	});

	it('saves as draft without invitations, with signers from JSON, a webhook and no empty texts', async () => {
		const webhookId = await createWebhook();
		suite.emulator.clearRequests();
		const result = await run(
			{
				operation: 'createAndInvite',
				destinationsInput: 'json',
				destinationsJson: JSON.stringify([
					{ destinationName: 'Lina', destinationEmail: 'lina@example.com' },
				]),
				webhookId: byId(webhookId),
				additionalFields: { saveAsDraft: true, sendUserInvitation: false },
			},
			[pdfItem()],
		);
		expect(result.error).toBeUndefined();
		const body = envelopeCalls()[0].body as IDataObject;
		expect(body).toMatchObject({
			Destinations: [
				{ DestinationName: 'Lina', DestinationEmail: 'lina@example.com', SigneOrder: 1 },
			],
			SaveAsDraft: true,
			WebhookId: webhookId,
			SendUserInvitation: false,
			IsReturnUrl: false,
		});
		expect(Object.keys(body)).not.toEqual(expect.arrayContaining(['InvitationMessage']));
		expect(body).not.toHaveProperty('InvitationSubject');
		expect(result.items[0].json).not.toHaveProperty('returnUrl');
		const envelopeId = result.items[0].json.envelopeId as string;
		expect(suite.emulator.notifications.filter((n) => n.envelopeId === envelopeId)).toHaveLength(0);
	});

	it('refuses missing signers, a bad e-mail and a past expiry before sending', async () => {
		const none = await run({ operation: 'createAndInvite', destinations: {} }, [pdfItem()]);
		expect(none.error?.message).toBe('Signers: add at least one signer');
		const badEmail = await run(
			{ operation: 'createAndInvite', destinations: { destination: [{ name: 'X', email: 'x@' }] } },
			[pdfItem()],
		);
		expect(badEmail.error?.message).toBe(
			'Signers, signer 1: Email must be an e-mail address, got "x@"',
		);
		const past = await run(
			{
				operation: 'createAndInvite',
				destinations: {
					destination: [
						{ name: 'X', email: 'x@example.com', options: { availableTo: '2001-01-01T00:00:00Z' } },
					],
				},
			},
			[pdfItem()],
		);
		expect(past.error?.message).toMatch(/^Signers, signer 1: Available To is in the past/);
		const noFile = await run(
			{
				operation: 'createAndInvite',
				destinations: { destination: [{ name: 'X', email: 'x@example.com' }] },
			},
			[{ json: {} }],
		);
		expect(noFile.error?.message).toBe(
			'Input Binary Fields: the input item has no binary property "data"',
		);
		expect(envelopeCalls()).toHaveLength(0);
	});

	it('reports a general error (error 100 with HTTP 200)', async () => {
		suite.emulator.failNext(1, 200, { data: null, errorCode: 100, message: 'GeneralError' });
		const result = await run(
			{
				operation: 'createAndInvite',
				destinations: { destination: [{ name: 'X', email: 'x@example.com' }] },
			},
			[pdfItem()],
		);
		expect(result.error?.message).toBe('The service could not complete the operation (error 100)');
		expect(result.error?.description).toBe('Service message: GeneralError');
	});
});
