/**
 * Values only the service can judge (an enumeration number it may have added since, a phone number with spaces, a
 * number where text is expected) are sent as given, not refused.
 */
import type { IDataObject } from 'n8n-workflow';

import { V, caseRunner, inputsSuite, signer, signersFields } from '../testing';

const { suite, run, fileItem, apiRequests } = inputsSuite();
const runCase = caseRunner(run, fileItem);

describe('values only the service can judge are sent as given', () => {
	const bodyOf = () => apiRequests()[0]?.body as IDataObject;

	it('sends an Authentication Type the node does not list (42) as the number', async () => {
		await runCase({
			operation: 'invitation:send',
			parameters: signersFields({ ...signer, authenticationType: V }),
			v: 42,
		});
		expect((bodyOf().Destinations as IDataObject[])[0].AuthenticationType).toBe(42);
	});

	it('sends a Recipient Type and an Invitation Language the node does not list as numbers, also from digits', async () => {
		await runCase({
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, destinationType: 7, invitationLanguage: V }),
			v: '0',
		});
		expect((bodyOf().destinations as IDataObject[])[0]).toMatchObject({
			destinationType: 7,
			invitationLanguage: 0,
		});
	});

	it('sends an SMS provider the node does not list (9): the service decides', async () => {
		const result = await runCase({
			operation: 'smsProvider:configure',
			parameters: { smsProvider: V },
			v: 9,
		});
		expect(bodyOf().smsProvider).toBe(9);
		expect(result.error?.message).toBe('The service rejected the request as invalid (error 8)');
	});

	it('sends a phone number written with spaces, brackets and dashes as digits with its +', async () => {
		await runCase({
			operation: 'invitation:send',
			parameters: signersFields({ ...signer, phoneNumber: '+966 (50) 000-0000' }),
		});
		expect((bodyOf().Destinations as IDataObject[])[0].DestinationPhoneNumber).toBe(
			'+966500000000',
		);
	});

	it('sends a reference number an expression gives as a number as its text', async () => {
		await runCase({
			operation: 'envelope:createFromBase64',
			parameters: { additionalFields: { referenceNumber: V } },
			v: 20_271_234,
		});
		expect(bodyOf().referenceNumber).toBe('20271234');
	});

	it('sends a header token an expression gives as a number as its text, and "false" as false', async () => {
		await runCase({
			operation: 'webhook:create',
			parameters: { headerToken: V, isDefault: '={{ "false" }}' },
			v: 4711,
		});
		expect(bodyOf()).toEqual({
			webhookUrl: 'https://example.com/hook',
			headerToken: '4711',
			isDefault: false,
		});
	});

	it('uploads a PDF with bytes before its header, as PDF readers accept it', async () => {
		const pdf = Buffer.concat([Buffer.from('\r\n\r\n'), suite.emulator.samplePdf]);
		await runCase({ operation: 'envelope:create', file: pdf });
		expect(apiRequests()[0].files[0].data.equals(pdf)).toBe(true);
	});

	it('sends two Sign Orders given as equal as they are: only an automatic order may not collide', async () => {
		await runCase({
			operation: 'invitation:send',
			parameters: signersFields(
				{ ...signer, signOrder: 2 },
				{ name: 'Omar', email: 'omar@example.com', signOrder: 2 },
			),
		});
		expect((bodyOf().Destinations as IDataObject[]).map((d) => d.SigneOrder)).toEqual([2, 2]);
	});

	it('fills automatic Sign Orders with the positions no one was given', async () => {
		await runCase({
			operation: 'invitation:send',
			parameters: signersFields(
				{ ...signer, signOrder: 3 },
				{ name: 'Omar', email: 'omar@example.com' },
			),
		});
		expect((bodyOf().Destinations as IDataObject[]).map((d) => d.SigneOrder)).toEqual([3, 2]);
	});
});
