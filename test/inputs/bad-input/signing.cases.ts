/**
 * Bad input to the Signing and Identity Provider Signing operations,
 * each refused with an error naming the field and nothing sent:
 * run by ./signing.test.ts, counted by ./coverage.test.ts.
 */
import {
	detailsFields,
	detailsJson,
	long,
	NOT_PDF,
	type RefusedCase,
	detail,
	V,
	ZERO_GUID,
} from '../testing';

export const signingCases: RefusedCase[] = [
	// Signing
	[
		'sign: the all-zero Document ID',
		{ operation: 'signing:sign', parameters: { documentId: ZERO_GUID } },
		/^Document ID is the empty ID/,
	],
	[
		'sign: a signer whose e-mail an expression leaves empty',
		{
			operation: 'signing:sign',
			parameters: detailsFields({ firstNameEnglish: 'Jane', emailAddress: V }),
			v: ' ',
		},
		'Signer Details, signer 1: Email is required',
	],
	[
		'sign: a Mobile Number of letters',
		{ operation: 'signing:sign', parameters: detailsFields({ ...detail, mobileNumber: 'n/a' }) },
		/^Signer Details, signer 1: Mobile Number must be a mobile number/,
	],
	[
		'sign: First Name (English) as an object',
		{
			operation: 'signing:sign',
			parameters: detailsFields({ ...detail, firstNameEnglish: V }),
			v: { en: 'Jane' },
		},
		/^Signer Details, signer 1: First Name \(English\) must be text, got an object/,
	],
	[
		'sign: a 1,000-character National ID',
		{
			operation: 'signing:sign',
			parameters: detailsFields({ ...detail, nationalId: V }),
			v: long(1000, '1'),
		},
		'Signer Details, signer 1: National ID is too long: 1,000 characters, at most 256',
	],
	[
		'sign: a JSON e-mail under the label Email',
		{
			operation: 'signing:sign',
			parameters: detailsJson(JSON.stringify([{ Email: 'not-an-email' }])),
		},
		'Signer Details, signer 1: Email must be an e-mail address, got "not-an-email"',
	],
	[
		'sign: JSON signer details that are not a list',
		{ operation: 'signing:sign', parameters: detailsJson('"Jane"') },
		'Signer Details (JSON) must be an array of signers',
	],
	[
		'signByTemplate: the all-zero Template ID',
		{ operation: 'signing:signByTemplate', parameters: { templateId: ZERO_GUID } },
		/^Template ID is the empty ID/,
	],
	[
		'signByTemplate: a field Value as an object',
		{
			operation: 'signing:signByTemplate',
			parameters: { templateFields: { field: [{ fieldName: 'amount', value: V }] } },
			v: { amount: 5 },
		},
		/^Template Fields, field 1: Value must be text, got an object/,
	],
	[
		'signByTemplate: a 300-character Field Name',
		{
			operation: 'signing:signByTemplate',
			parameters: { templateFields: { field: [{ fieldName: V, value: 'x' }] } },
			v: long(300),
		},
		'Template Fields, field 1: Field Name is too long: 300 characters, at most 256',
	],
	[
		'signByTemplate: Document Password as an object',
		{
			operation: 'signing:signByTemplate',
			parameters: { additionalFields: { password: V } },
			v: { pw: 1 },
		},
		'Document Password must be text, got an object',
	],
	[
		'signByTemplate: a 200,000-character Reference Number',
		{
			operation: 'signing:signByTemplate',
			parameters: { additionalFields: { referenceNumber: V } },
			v: long(200_000),
		},
		'Reference Number is too long: 200,000 characters, at most 100',
	],
	// Identity Provider Signing
	[
		'idp sign: the all-zero Request ID',
		{ operation: 'identitySigning:sign', parameters: { requestId: ZERO_GUID } },
		/^Request ID is the empty ID/,
	],
	[
		'idp sign: File Password as an object',
		{ operation: 'identitySigning:sign', parameters: { filePassword: V }, v: { pw: 'x' } },
		'File Password must be text, got an object',
	],
	[
		'idp sign: Page Number 1.5',
		{
			operation: 'identitySigning:sign',
			parameters: { signatureAppearance: { pageNumber: V } },
			v: 1.5,
		},
		'Signature Appearance: Page Number must be a whole number, got "1.5"',
	],
	[
		'idp sign: a negative X Position',
		{
			operation: 'identitySigning:sign',
			parameters: { signatureAppearance: { x1: -5, y1: 10, width: 100, height: 50 } },
		},
		'Signature Appearance: X Position must be a number of PDF points, 0 or more, got "-5"',
	],
	[
		'idp sign: Visible as "visible"',
		{
			operation: 'identitySigning:sign',
			parameters: { signatureAppearance: { isVisible: V } },
			v: 'visible',
		},
		'Signature Appearance: Visible must be true or false, got a string: visible',
	],
	[
		'idp sign: a 5,000-character Extra Text',
		{
			operation: 'identitySigning:sign',
			parameters: { signatureAppearance: { extraText: V } },
			v: long(5000),
		},
		'Signature Appearance: Extra Text is too long: 5,000 characters, at most 4,000',
	],
	[
		'idp sign: Show Sign Date as 1',
		{ operation: 'identitySigning:sign', parameters: { config: { showSignDate: V } }, v: 1 },
		'Signature Details Shown: Show Sign Date must be true or false, got a number: 1',
	],
	[
		'idp sign: a PNG document',
		{ operation: 'identitySigning:sign', file: NOT_PDF.png, fileName: 'contract.pdf' },
		'Input Binary Field: the file "contract.pdf" is not a PDF: it is a PNG image',
	],
	[
		'idp sign: an empty document',
		{ operation: 'identitySigning:sign', file: Buffer.alloc(0) },
		'Input Binary Field: the file "contract.pdf" is empty (0 bytes)',
	],
	[
		'idp signWithSigners: a Mobile Number of 5 digits',
		{
			operation: 'identitySigning:signWithSigners',
			parameters: detailsFields({ ...detail, mobileNumber: '12345' }),
		},
		/^Signer Details, signer 1: Mobile Number must be a mobile number of 7 to 15 digits/,
	],
];
