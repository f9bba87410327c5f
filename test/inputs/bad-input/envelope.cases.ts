/**
 * Bad input to the Envelope operations,
 * each refused with an error naming the field and nothing sent:
 * run by ./envelope.test.ts, counted by ./coverage.test.ts.
 */
import { TEMPLATE_ID } from '../../emulator';
import {
	byId,
	FUTURE,
	GUID,
	long,
	NOT_PDF,
	type RefusedCase,
	signer,
	signersFields,
	V,
	ZERO_GUID,
} from '../testing';

export const envelopeCases: RefusedCase[] = [
	// Envelope → Create
	[
		'create: Reference Number as an object',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { referenceNumber: V } },
			v: { ref: 1 },
		},
		'Reference Number must be text, got an object: {"ref":1}',
	],
	[
		'create: Reference Number as a list',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { referenceNumber: V } },
			v: ['A', 'B'],
		},
		'Reference Number must be text, got a list: ["A","B"]',
	],
	[
		'create: Reference Number as a boolean',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { referenceNumber: V } },
			v: true,
		},
		'Reference Number must be text, got a boolean: true',
	],
	[
		'create: a 200,000-character Reference Number',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { referenceNumber: V } },
			v: long(200_000),
		},
		'Reference Number is too long: 200,000 characters, at most 100',
	],
	[
		'create: PDF Password as an object',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { password: V } },
			v: { secret: 'x' },
		},
		'Password must be text, got an object',
	],
	[
		'create: PDF Password as a boolean',
		{ operation: 'envelope:create', parameters: { additionalFields: { password: V } }, v: false },
		'Password must be text, got a boolean',
	],
	[
		'create: a 5,000-character PDF Password',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { password: V } },
			v: long(5000),
		},
		'Password is too long: at most 1,024 characters',
	],
	[
		'create: the all-zero File ID',
		{ operation: 'envelope:create', parameters: { additionalFields: { fileId: ZERO_GUID } } },
		/^File ID is the empty ID 0{8}-0{4}-0{4}-0{4}-0{12}, which names nothing$/,
	],
	[
		'create: a File ID that is not an ID',
		{ operation: 'envelope:create', parameters: { additionalFields: { fileId: 'abc' } } },
		/^File ID must be an ID like .*, got "abc"$/,
	],
	[
		'create: File ID as an object',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { fileId: V } },
			v: { id: GUID },
		},
		/^File ID must be text, got an object/,
	],
	[
		'create: the all-zero Webhook',
		{ operation: 'envelope:create', parameters: { webhookId: byId(V) }, v: ZERO_GUID },
		/^Webhook is the empty ID/,
	],
	[
		'create: Service Workflow ID as an object',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { workflowId: V } },
			v: { id: 1 },
		},
		/^Service Workflow ID must be text, got an object/,
	],
	[
		'create: a 300-character Service Workflow ID',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { workflowId: V } },
			v: long(300),
		},
		'Service Workflow ID is too long: 300 characters, at most 256',
	],
	[
		'create: Service External Workflow as "yes"',
		{
			operation: 'envelope:create',
			parameters: { additionalFields: { isForExternalWorkFlow: V } },
			v: 'yes',
		},
		'Service External Workflow must be true or false, got a string: yes',
	],
	[
		'create: an empty file',
		{ operation: 'envelope:create', file: Buffer.alloc(0), fileName: 'empty.pdf' },
		'Input Binary Fields: the file "empty.pdf" is empty (0 bytes)',
	],
	[
		'create: a PNG labelled as PDF',
		{ operation: 'envelope:create', file: NOT_PDF.png, fileName: 'scan.pdf' },
		'Input Binary Fields: the file "scan.pdf" is not a PDF: it is a PNG image',
	],
	[
		'create: text labelled as PDF',
		{ operation: 'envelope:create', file: NOT_PDF.text, fileName: 'letter.pdf' },
		'Input Binary Fields: the file "letter.pdf" is not a PDF: it is plain text',
	],
	[
		'create: a JPEG',
		{ operation: 'envelope:create', file: NOT_PDF.jpeg, fileName: 'photo.jpg' },
		'Input Binary Fields: the file "photo.jpg" is not a PDF: it is a JPEG image',
	],
	[
		'create: a Word file (ZIP)',
		{ operation: 'envelope:create', file: NOT_PDF.zip, fileName: 'contract.docx' },
		/^Input Binary Fields: the file "contract\.docx" is not a PDF: it is a ZIP archive/,
	],
	[
		'create: Input Binary Fields as an object',
		{ operation: 'envelope:create', parameters: { inputDataFieldName: V }, v: { name: 'data' } },
		/^Input Binary Fields must be text, got an object/,
	],
	[
		'create: Files (JSON) with a 300-character file name',
		{
			operation: 'envelope:create',
			parameters: {
				fileInput: 'base64',
				filesJson: JSON.stringify([{ file: 'JVBERi0xLjQK', fileName: `${long(300)}.pdf` }]),
			},
		},
		'Files (JSON), file 1: fileName is too long: 304 characters, at most 255',
	],
	[
		'create: Files (JSON) with an empty file',
		{
			operation: 'envelope:create',
			parameters: {
				fileInput: 'base64',
				filesJson: JSON.stringify([{ file: '', fileName: 'a.pdf' }]),
			},
		},
		'Files (JSON), file 1: file is required',
	],
	[
		'create: Files (JSON) with a JPEG',
		{
			operation: 'envelope:create',
			parameters: {
				fileInput: 'base64',
				filesJson: JSON.stringify([{ file: NOT_PDF.jpeg.toString('base64'), fileName: 'a.pdf' }]),
			},
		},
		'Files (JSON), file 1: file: the file "a.pdf" is not a PDF: it is a JPEG image',
	],
	[
		'create: Files (JSON) with the file as an object',
		{
			operation: 'envelope:create',
			parameters: {
				fileInput: 'base64',
				filesJson: JSON.stringify([{ file: { data: 'x' }, fileName: 'a.pdf' }]),
			},
		},
		'Files (JSON), file 1: file must be Base64 text, got an object',
	],
	// Envelope → Create From Base64
	[
		'createFromBase64: Base64 of a PNG',
		{
			operation: 'envelope:createFromBase64',
			parameters: {
				fileInput: 'base64',
				fileBase64: NOT_PDF.png.toString('base64'),
				fileName: 'a.pdf',
			},
		},
		'File (Base64): the file "a.pdf" is not a PDF: it is a PNG image',
	],
	[
		'createFromBase64: empty Base64',
		{
			operation: 'envelope:createFromBase64',
			parameters: { fileInput: 'base64', fileBase64: '  ', fileName: 'a.pdf' },
		},
		'File (Base64) is required',
	],
	[
		'createFromBase64: File Name as an object',
		{ operation: 'envelope:createFromBase64', parameters: { fileName: V }, v: { name: 'a.pdf' } },
		/^File Name must be text, got an object/,
	],
	[
		'createFromBase64: a 300-character File Name',
		{ operation: 'envelope:createFromBase64', parameters: { fileName: V }, v: long(300) },
		'File Name is too long: 300 characters, at most 255',
	],
	[
		'createFromBase64: a 200,000-character Reference Number',
		{
			operation: 'envelope:createFromBase64',
			parameters: { additionalFields: { referenceNumber: V } },
			v: long(200_000),
		},
		'Reference Number is too long: 200,000 characters, at most 100',
	],
	[
		'createFromBase64: an empty binary file',
		{ operation: 'envelope:createFromBase64', file: Buffer.alloc(0), fileName: 'empty.pdf' },
		'Input Binary Field: the file "empty.pdf" is empty (0 bytes)',
	],
	// Envelope → Create With Several Documents
	[
		'createBulk: Files (JSON) with a text file',
		{
			operation: 'envelope:createBulk',
			parameters: {
				fileInput: 'base64',
				filesJson: JSON.stringify([{ file: NOT_PDF.text.toString('base64'), fileName: 'a.txt' }]),
			},
		},
		'Files (JSON), file 1: file: the file "a.txt" is not a PDF: it is plain text',
	],
	[
		'createBulk: Reference Number as an object',
		{
			operation: 'envelope:createBulk',
			parameters: { additionalFields: { referenceNumber: V } },
			v: { a: 1 },
		},
		/^Reference Number must be text, got an object/,
	],
	[
		'createBulk: a PNG in the second binary field',
		{
			operation: 'envelope:createBulk',
			parameters: { inputDataFieldName: 'data, data' },
			file: NOT_PDF.png,
		},
		'Input Binary Fields: the file "contract.pdf" is not a PDF: it is a PNG image',
	],
	// Envelope → Create From Template
	[
		'createFromTemplate: the all-zero Template ID',
		{ operation: 'envelope:createFromTemplate', parameters: { templateId: ZERO_GUID } },
		/^Template ID is the empty ID/,
	],
	[
		'createFromTemplate: Template ID as an object',
		{
			operation: 'envelope:createFromTemplate',
			parameters: { templateId: V },
			v: { id: TEMPLATE_ID },
		},
		/^Template ID must be text, got an object/,
	],
	[
		'createFromTemplate: Only Me as Signer as "maybe"',
		{ operation: 'envelope:createFromTemplate', parameters: { userOnlySigner: V }, v: 'maybe' },
		'Only Me as Signer must be true or false, got a string: maybe',
	],
	// Envelope → Create and Invite (signers)
	[
		'createAndInvite: signer Name as an object',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, name: V }),
			v: { first: 'Jane' },
		},
		'Signers, signer 1: Name must be text, got an object: {"first":"Jane"}',
	],
	[
		'createAndInvite: a 1,000,000-character signer Name',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, name: V }),
			v: long(1_000_000),
		},
		'Signers, signer 1: Name is too long: 1,000,000 characters, at most 256',
	],
	[
		'createAndInvite: an empty signer Name',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, name: '   ' }),
		},
		'Signers, signer 1: Name is required',
	],
	[
		'createAndInvite: a phone number of letters',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, phoneNumber: 'call me' }),
		},
		/^Signers, signer 1: Phone Number must be a phone number of 7 to 15 digits/,
	],
	[
		'createAndInvite: a phone number of 5 digits',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, phoneNumber: '12345' }),
		},
		/^Signers, signer 1: Phone Number must be a phone number of 7 to 15 digits, starting with \+ and the country code, got "12345"$/,
	],
	[
		'createAndInvite: a phone number of 20 digits',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, phoneNumber: '+96650000000000000000' }),
		},
		/^Signers, signer 1: Phone Number must be a phone number/,
	],
	[
		'createAndInvite: a phone number as an object',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, phoneNumber: V }),
			v: { mobile: '+966500000000' },
		},
		/^Signers, signer 1: Phone Number must be text, got an object/,
	],
	[
		'createAndInvite: a 300-character e-mail',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, email: V }),
			v: `${long(290)}@example.com`,
		},
		'Signers, signer 1: Email is too long: 302 characters, at most 254',
	],
	[
		'createAndInvite: an e-mail without @',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, email: 'jane.example.com' }),
		},
		'Signers, signer 1: Email must be an e-mail address, got "jane.example.com"',
	],
	[
		'createAndInvite: a negative Sign Order',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, signOrder: V }),
			v: -1,
		},
		'Signers, signer 1: Sign Order must be 0 or more, got -1',
	],
	[
		'createAndInvite: a Sign Order of 1.5',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, signOrder: V }),
			v: 1.5,
		},
		'Signers, signer 1: Sign Order must be a whole number, got "1.5"',
	],
	[
		'createAndInvite: a Sign Order beyond 32 bits',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, signOrder: V }),
			v: 3_000_000_000,
		},
		'Signers, signer 1: Sign Order must be at most 2147483647, got 3000000000',
	],
	[
		'createAndInvite: an automatic Sign Order taken by an explicit one',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields(
				{ ...signer, signOrder: 2 },
				{ name: 'Omar', email: 'omar@example.com', signOrder: 0 },
			),
		},
		'Signers, signer 2: Sign Order is 0, which means its position 2, but signer 1 was given Sign Order 2',
	],
	[
		'createAndInvite: Authentication Type -1',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, authenticationType: V }),
			v: -1,
		},
		'Signers, signer 1: Authentication Type must be one of None (0), National Identity Provider (First Time Only) (1), SMS One-Time Password (2), Email One-Time Password (3), Digital Signature (Documents Only) (5), National Identity Provider App (Every Time) (7), Absher One-Time Password (Needs National ID) (9), WhatsApp One-Time Password (10), by name or number; got "-1"',
	],
	[
		'createAndInvite: Authentication Type 2.5',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, authenticationType: V }),
			v: 2.5,
		},
		'Signers, signer 1: Authentication Type must be one of None (0), National Identity Provider (First Time Only) (1), SMS One-Time Password (2), Email One-Time Password (3), Digital Signature (Documents Only) (5), National Identity Provider App (Every Time) (7), Absher One-Time Password (Needs National ID) (9), WhatsApp One-Time Password (10), by name or number; got "2.5"',
	],
	[
		'createAndInvite: Authentication Type as a list',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, authenticationType: V }),
			v: [2],
		},
		'Signers, signer 1: Authentication Type must be one of None (0), National Identity Provider (First Time Only) (1), SMS One-Time Password (2), Email One-Time Password (3), Digital Signature (Documents Only) (5), National Identity Provider App (Every Time) (7), Absher One-Time Password (Needs National ID) (9), WhatsApp One-Time Password (10), by name or number; got "[2]"',
	],
	[
		'createAndInvite: Daily Reminder as "sometimes"',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, options: { dailyNotify: V } }),
			v: 'sometimes',
		},
		'Signers, signer 1: Daily Reminder must be true or false, got a string: sometimes',
	],
	[
		'createAndInvite: Available To in the past',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, options: { availableTo: '2001-01-01T00:00:00Z' } }),
		},
		/^Signers, signer 1: Available To is in the past/,
	],
	[
		'createAndInvite: Available To as an object',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, options: { availableTo: V } }),
			v: { date: FUTURE },
		},
		/^Signers, signer 1: Available To must be a date, got an object/,
	],
	[
		'createAndInvite: Escalation that is not JSON',
		{
			operation: 'envelope:createAndInvite',
			parameters: signersFields({ ...signer, options: { escalation: '{ after: 2 days' } }),
		},
		/^Signers, signer 1: Escalation \(JSON\) is not valid JSON/,
	],
	[
		'createAndInvite: a 5,000-character Invitation Message',
		{ operation: 'envelope:createAndInvite', parameters: { invitationMessage: V }, v: long(5000) },
		'Invitation Message is too long: 5,000 characters, at most 4,000',
	],
	[
		'createAndInvite: Invitation Subject as an object',
		{
			operation: 'envelope:createAndInvite',
			parameters: { invitationSubject: V },
			v: { text: 'Hi' },
		},
		/^Invitation Subject must be text, got an object/,
	],
	[
		'createAndInvite: Save as Draft as "no"',
		{
			operation: 'envelope:createAndInvite',
			parameters: { additionalFields: { saveAsDraft: V } },
			v: 'no',
		},
		'Save as Draft must be true or false, got a string: no',
	],
	[
		'createAndInvite: no signer',
		{ operation: 'envelope:createAndInvite', parameters: signersFields() },
		'Signers: add at least one signer',
	],
	// Envelope → Add Files, Cancel, Get Status, Extend Invitations
	[
		'addFiles: the all-zero Envelope ID',
		{ operation: 'envelope:addFiles', parameters: { envelopeId: ZERO_GUID } },
		/^Envelope ID is the empty ID/,
	],
	[
		'addFiles: a GIF',
		{
			operation: 'envelope:addFiles',
			file: Buffer.from('GIF89a\x01\x00', 'latin1'),
			fileName: 'sign.gif',
		},
		'Input Binary Fields: the file "sign.gif" is not a PDF: it is a GIF image',
	],
	[
		'cancel: the all-zero Envelope ID',
		{ operation: 'envelope:cancel', parameters: { envelopeId: ZERO_GUID } },
		/^Envelope ID is the empty ID/,
	],
	[
		'cancel: a 300-character Envelope ID',
		{ operation: 'envelope:cancel', parameters: { envelopeId: V }, v: long(300) },
		'Envelope ID is too long: 300 characters, at most 256',
	],
	[
		'getStatus: the reference number the node sent, as Envelope ID',
		{ operation: 'envelope:getStatus', parameters: { envelopeId: 'n8n-exec-42-0-1a2b3c4d' } },
		'Envelope ID must be an ID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got the reference number "n8n-exec-42-0-1a2b3c4d"',
	],
	[
		"sendWithLinks: the service's reference number, as Document ID",
		{ operation: 'invitation:sendWithLinks', parameters: { documentId: 'REF-MG3K2A0001' } },
		/^Document ID must be an ID like .*, got the reference number "REF-MG3K2A0001"$/,
	],
	[
		'getStatus: Envelope ID as a list',
		{ operation: 'envelope:getStatus', parameters: { envelopeId: V }, v: [GUID] },
		/^Envelope ID must be text, got a list/,
	],
	[
		'getStatus: Envelope ID as an object',
		{ operation: 'envelope:getStatus', parameters: { envelopeId: V }, v: { id: GUID } },
		/^Envelope ID must be text, got an object/,
	],
	[
		'extendInvitations: a date that is no date',
		{ operation: 'envelope:extendInvitations', parameters: { availableTo: 'next friday' } },
		/^Available To is not a valid date: "next friday"/,
	],
	[
		'extendInvitations: a date in the past',
		{
			operation: 'envelope:extendInvitations',
			parameters: { availableTo: '2001-01-01T00:00:00Z' },
		},
		/^Available To is in the past/,
	],
];
