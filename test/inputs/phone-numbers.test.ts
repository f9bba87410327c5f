/**
 * Phone numbers without their country code (0501234567) are refused before anything is sent, in every phone field the
 * service texts: it accepts them and cannot reach them (docs/service-api.md#decisions). One rule, `optionalPhone` in
 * nodes/ESignature/fields/phones.ts; the error names the field, its hint the international form. The Mobile Number
 * of signer details (direct and identity-provider signing) is a class of its own, `optionalMobileNumber`: local form,
 * as the service's reference writes it, or international.
 */
import type { IDataObject } from 'n8n-workflow';

import { ESignatureSendAndWait } from '../../nodes/ESignature/ESignatureSendAndWait.node';
import {
	BASES,
	caseRunner,
	detail,
	detailsFields,
	detailsJson,
	GUID,
	inputsSuite,
	signer,
	signersFields,
	signersJson,
	type Case,
} from './testing';

const { suite, run, fileItem, apiRequests } = inputsSuite();
const runCase = caseRunner(run, fileItem);
const sendAndWait = new ESignatureSendAndWait();

const reminder = (destinationPhone: string) => ({
	reminders: {
		reminder: [{ requestId: GUID, destinationEmail: 'jane@example.com', destinationPhone }],
	},
});

/** Every phone field the service texts, given the number: the operation, and the label the error names. */
const PHONE_FIELDS: Array<[string, (phone: string) => Case, string]> = [
	[
		'Create and Invite, Signers (Fields)',
		(phone) => ({
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, phoneNumber: phone }),
		}),
		'Signers, signer 1: Phone Number',
	],
	[
		'Send for Document, Signers (JSON)',
		(phone) => ({
			operation: 'invitation:send',
			parameters: signersJson(JSON.stringify([{ Name: 'Jane', 'Phone Number': phone }])),
		}),
		'Signers, signer 1: Phone Number',
	],
	[
		'Send and Get Links, Signers (Fields)',
		(phone) => ({
			operation: 'invitation:sendWithLinks',
			parameters: signersFields({ ...signer, phoneNumber: phone }),
		}),
		'Signers, signer 1: Phone Number',
	],
	[
		'Remind Several Signers',
		(phone) => ({ operation: 'invitation:sendBulkReminders', parameters: reminder(phone) }),
		'Reminders, reminder 1: Signer Phone',
	],
];

const INTERNATIONAL = /international form, starting with \+ and the country code/;

describe('a phone number without its country code is refused before anything is sent', () => {
	it.each(PHONE_FIELDS)('%s', async (_name, test, label) => {
		for (const national of ['0501234', '0501234567', '050 123 4567']) {
			const result = await runCase(test(national));
			expect(result.error?.message).toBe(
				`${label} must be in international form, starting with + and the country code, got "${national}"`,
			);
			expect(result.error?.description).toContain(
				'Replace the leading 0 with + and the country code: for example +966501234567',
			);
			expect(result.items).toHaveLength(0);
			expect(apiRequests()).toHaveLength(0);
		}
	});

	it('Send and Wait: refused before its webhook, envelope or invitation', async () => {
		const result = await suite.harness.run({
			nodeType: sendAndWait,
			items: [suite.pdfItem()],
			parameters: {
				inputDataFieldName: 'data',
				destinationsInput: 'fields',
				destinations: { destination: [{ ...signer, phoneNumber: '0501234567' }] },
			},
		});
		expect(result.error?.message).toMatch(/Phone Number must be in international form/);
		expect(result.error?.description).toContain('+966501234567');
		expect(apiRequests()).toHaveLength(0);
	});

	it('says what to change: 00 for +, or the missing + before a country code', async () => {
		const create = PHONE_FIELDS[0][1];
		const international = await runCase(create('00966501234567'));
		expect(international.error?.message).toMatch(INTERNATIONAL);
		expect(international.error?.description).toContain('Write + instead of the leading 00');
		const noPlus = await runCase(create('966501234567'));
		expect(noPlus.error?.message).toMatch(INTERNATIONAL);
		expect(noPlus.error?.description).toContain('Put + before the country code');
		expect(apiRequests()).toHaveLength(0);
	});

	it('a malformed number names the international form too', async () => {
		const result = await runCase(PHONE_FIELDS[0][1]('12345'));
		expect(result.error?.message).toBe(
			'Signers, signer 1: Phone Number must be a phone number of 7 to 15 digits, starting with + and the ' +
				'country code, got "12345"',
		);
		expect(result.error?.description).toContain('for example +966501234567');
	});

	it('sends an international number, written with separators, as + and digits', async () => {
		const result = await runCase(PHONE_FIELDS[2][1]('+966 (50) 123-4567'));
		// The service does not know the document; the node's checks let the number through.
		expect(result.error?.message ?? '').not.toMatch(/Phone/);
		const body = apiRequests()[0].body as IDataObject;
		expect(JSON.stringify(body)).toContain('"+966501234567"');
	});

	it('covers operations that exist', () => {
		for (const [, test] of PHONE_FIELDS) expect(BASES[test('').operation]).toBeDefined();
	});
});

/** The Mobile Number of signer details, given the number: the operation, and the label the error names. */
const MOBILE_FIELDS: Array<[string, (phone: string) => Case]> = [
	[
		'Sign, Signer Details (Fields)',
		(phone) => ({
			operation: 'signing:sign',
			parameters: detailsFields({ ...detail, mobileNumber: phone }),
		}),
	],
	[
		'Sign with Signers, Signer Details (JSON)',
		(phone) => ({
			operation: 'identitySigning:signWithSigners',
			parameters: detailsJson(JSON.stringify([{ ...detail, 'Mobile Number': phone }])),
		}),
	],
];

describe("signer details' Mobile Number takes the forms the service's reference shows", () => {
	it.each(MOBILE_FIELDS)(
		'%s: local and international numbers are sent as digits',
		async (_name, test) => {
			for (const [given, sent] of [
				['079999999', '079999999'],
				['0599999999', '0599999999'],
				['059 999 9999', '0599999999'],
				['+966 59 999 9999', '+966599999999'],
			]) {
				suite.emulator.clearRequests();
				const result = await runCase(test(given));
				expect(result.error?.message ?? '').not.toMatch(/Mobile Number/);
				const body = apiRequests()[0]?.body as IDataObject;
				expect(JSON.stringify(body)).toContain(`"mobileNumber":"${sent}"`);
			}
		},
	);

	it.each(MOBILE_FIELDS)(
		'%s: letters, too few or too many digits are refused',
		async (_name, test) => {
			for (const wrong of ['n/a', '079-999x', '12345', '0599999999999999']) {
				suite.emulator.clearRequests();
				const result = await runCase(test(wrong));
				expect(result.error?.message).toBe(
					`Signer Details, signer 1: Mobile Number must be a mobile number of 7 to 15 digits, got "${wrong}"`,
				);
				expect(result.error?.description).toContain('for example 0599999999');
				expect(apiRequests()).toHaveLength(0);
			}
		},
	);

	it('covers operations that exist', () => {
		for (const [, test] of MOBILE_FIELDS) expect(BASES[test('').operation]).toBeDefined();
	});
});
