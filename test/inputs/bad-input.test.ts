/**
 * Bad input, operation by operation: values from expressions of the wrong type, empty, oversized, in a wrong format,
 * or enumeration numbers out of range. Each is refused with an error that names the field, and nothing is sent. Where
 * only the service can decide (an enumeration number it may have added since, a phone number with spaces), the test
 * says what is sent.
 */
import type { IDataObject } from 'n8n-workflow';

import { TEMPLATE_ID } from '../emulator';
import {
	BASES,
	type Case,
	FUTURE,
	GUID,
	NOT_PDF,
	V,
	ZERO_GUID,
	byId,
	caseRunner,
	detail,
	detailsFields,
	detailsJson,
	inputsSuite,
	long,
	signer,
	signersFields,
	signersJson,
} from './testing';

const { suite, run, fileItem, apiRequests } = inputsSuite();
const runCase = caseRunner(run, fileItem);

const refused: Array<[string, Case, string | RegExp]> = [
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
		/^Signers, signer 1: Phone Number must be a phone number of 7 to 15 digits, optionally starting with \+, got "12345"$/,
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
	// Invitation
	[
		'send: the all-zero Document ID',
		{ operation: 'invitation:send', parameters: { documentId: ZERO_GUID } },
		/^Document ID is the empty ID/,
	],
	[
		'send: JSON signer Name as an object',
		{
			operation: 'invitation:send',
			parameters: signersJson(
				JSON.stringify([
					{ destinationName: { first: 'Jane' }, destinationEmail: 'jane@example.com' },
				]),
			),
		},
		/^Signers, signer 1: Name must be text, got an object/,
	],
	[
		'send: JSON signers that are not a list',
		{ operation: 'invitation:send', parameters: signersJson('{"destinationName": "Jane"}') },
		'Signers (JSON) must be an array of signers',
	],
	[
		'send: a JSON signer that is text',
		{ operation: 'invitation:send', parameters: signersJson('["Jane Doe"]') },
		'Signers, signer 1 must be an object',
	],
	[
		'send: a bad phone under the Fields mode label',
		{
			operation: 'invitation:send',
			parameters: signersJson(JSON.stringify([{ Name: 'Jane', 'Phone Number': 'none' }])),
		},
		/^Signers, signer 1: Phone Number must be a phone number/,
	],
	[
		'send: a Sign Order collision in JSON',
		{
			operation: 'invitation:send',
			parameters: signersJson(
				JSON.stringify([
					{ name: 'A', email: 'a@example.com' },
					{ name: 'B', email: 'b@example.com', 'Sign Order': 1 },
				]),
			),
		},
		'Signers, signer 1: Sign Order is 0, which means its position 1, but signer 2 was given Sign Order 1',
	],
	[
		'send: JSON that does not parse',
		{ operation: 'invitation:send', parameters: signersJson('[{"name": "Jane"') },
		/^Signers \(JSON\) is not valid JSON/,
	],
	[
		'sendBulk: Document IDs as an object',
		{ operation: 'invitation:sendBulk', parameters: { documentIds: V }, v: { id: GUID } },
		/^Document IDs must be text, got an object/,
	],
	[
		'sendBulk: the all-zero ID among Document IDs',
		{ operation: 'invitation:sendBulk', parameters: { documentIds: `${GUID}, ${ZERO_GUID}` } },
		/^Document IDs, ID 2 is the empty ID/,
	],
	[
		'sendBulk: a list of Document IDs with an object',
		{ operation: 'invitation:sendBulk', parameters: { documentIds: V }, v: [GUID, { id: GUID }] },
		/^Document IDs, ID 2 must be text, got an object/,
	],
	[
		'sendBulk: JSON entry without signers',
		{
			operation: 'invitation:sendBulk',
			parameters: {
				bulkInput: 'json',
				bulkJson: JSON.stringify([{ documentId: GUID, destinations: [] }]),
			},
		},
		'Invitations (JSON), document 1: destinations must be a non-empty array of signers',
	],
	[
		'sendForEnvelope: the all-zero Envelope ID',
		{ operation: 'invitation:sendForEnvelope', parameters: { envelopeId: ZERO_GUID } },
		/^Envelope ID is the empty ID/,
	],
	[
		'sendForEnvelope: a 5,000-character Invitation Message',
		{
			operation: 'invitation:sendForEnvelope',
			parameters: { invitationMessage: V },
			v: long(5000),
		},
		'Invitation Message is too long: 5,000 characters, at most 4,000',
	],
	[
		'extend: the all-zero Invitation ID',
		{ operation: 'invitation:extend', parameters: { destinationId: ZERO_GUID } },
		/^Invitation ID is the empty ID/,
	],
	[
		'extend: Available To as a list',
		{ operation: 'invitation:extend', parameters: { availableTo: V }, v: [FUTURE] },
		/^Available To must be a date, got a list/,
	],
	[
		'sendReminder: Signer Email as an object',
		{
			operation: 'invitation:sendReminder',
			parameters: { destinationEmail: V },
			v: { email: 'jane@example.com' },
		},
		/^Signer Email must be text, got an object/,
	],
	[
		'sendReminder: the all-zero Envelope ID',
		{ operation: 'invitation:sendReminder', parameters: { requestId: ZERO_GUID } },
		/^Envelope ID is the empty ID/,
	],
	[
		'sendBulkReminders: a Signer Phone of words',
		{
			operation: 'invitation:sendBulkReminders',
			parameters: {
				reminders: {
					reminder: [
						{ requestId: GUID, destinationEmail: 'jane@example.com', destinationPhone: 'unknown' },
					],
				},
			},
		},
		/^Reminders, reminder 1: Signer Phone must be a phone number/,
	],
	[
		'sendBulkReminders: a 300-character Signer Email',
		{
			operation: 'invitation:sendBulkReminders',
			parameters: {
				reminders: {
					reminder: [{ requestId: GUID, destinationEmail: `${long(290)}@example.com` }],
				},
			},
		},
		'Reminders, reminder 1: Signer Email is too long: 302 characters, at most 254',
	],
	[
		'sendBulkReminders: a JSON requestId that is a number',
		{
			operation: 'invitation:sendBulkReminders',
			parameters: {
				remindersInput: 'json',
				remindersJson: JSON.stringify([{ requestId: 42, destinationEmail: 'jane@example.com' }]),
			},
		},
		'Reminders (JSON), reminder 1: requestId must be an ID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got "42"',
	],
	[
		'getSigningLinks: Recipient Type -1',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, destinationType: V }),
			v: -1,
		},
		'Signers, signer 1: Recipient Type must be one of Creator (0), Signer (1), CC (2), Reviewer (3), Department (4), by name or number; got "-1"',
	],
	[
		'getSigningLinks: Invitation Language 1.5',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, invitationLanguage: V }),
			v: 1.5,
		},
		'Signers, signer 1: Invitation Language must be one of Arabic (1), English (2), by name or number; got "1.5"',
	],
	[
		'getSigningLinks: a Redirect URL that is not http',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, options: { redirectUrl: 'javascript:alert(1)' } }),
		},
		'Signers, signer 1: Redirect URL must be an http:// or https:// URL, got one starting with "javascript:"',
	],
	[
		'getSigningLinks: a 3,000-character Redirect URL',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, options: { redirectUrl: V } }),
			v: `https://example.com/${long(3000)}`,
		},
		'Signers, signer 1: Redirect URL is too long: 3,020 characters, at most 2,048',
	],
	[
		'getSigningLinks: a 300-character Invitation Subject',
		{ operation: 'invitation:getSigningLinks', parameters: { invitationSubject: V }, v: long(300) },
		'Invitation Subject is too long: 300 characters, at most 255',
	],
	[
		'getSigningLinks: Allow Adding Recipients as "x"',
		{
			operation: 'invitation:getSigningLinks',
			parameters: signersFields({ ...signer, options: { allowUserToAddDestination: V } }),
			v: 'x',
		},
		'Signers, signer 1: Allow Adding Recipients must be true or false, got a string: x',
	],
	[
		'sendWithLinks: Consent Only as an object',
		{
			operation: 'invitation:sendWithLinks',
			parameters: signersFields({ ...signer, options: { consentOnly: V } }),
			v: { yes: true },
		},
		/^Signers, signer 1: Consent Only must be true or false, got an object/,
	],
	[
		'sendWithLinks: a 1,000,000-character JSON signer name',
		{
			operation: 'invitation:sendWithLinks',
			parameters: signersJson(
				JSON.stringify([
					{ destinationName: long(1_000_000), destinationEmail: 'jane@example.com' },
				]),
			),
		},
		'Signers, signer 1: Name is too long: 1,000,000 characters, at most 256',
	],
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
		/^Signer Details, signer 1: Mobile Number must be a phone number/,
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
		/^Signer Details, signer 1: Mobile Number must be a phone number of 7 to 15 digits/,
	],
	// Document
	[
		'download: the all-zero Document ID',
		{ operation: 'document:download', parameters: { documentId: ZERO_GUID } },
		/^Document ID is the empty ID/,
	],
	[
		'downloadSigned: Document ID as an object',
		{ operation: 'document:downloadSigned', parameters: { documentId: V }, v: { id: GUID } },
		/^Document ID must be text, got an object/,
	],
	[
		'getCompleted: Document ID as a list',
		{ operation: 'document:getCompleted', parameters: { documentId: V }, v: [GUID] },
		/^Document ID must be text, got a list/,
	],
	[
		'getContent: the all-zero Document ID',
		{ operation: 'document:getContent', parameters: { documentId: ZERO_GUID } },
		/^Document ID is the empty ID/,
	],
	// Commercial Registration
	[
		'check: a 100,000-digit CR number',
		{
			operation: 'commercialRegistration:check',
			parameters: { commercialNumber: V },
			v: long(100_000, '1'),
		},
		'Commercial Registration Number is too long: 100,000 characters, at most 20',
	],
	[
		'check: a CR number with letters',
		{ operation: 'commercialRegistration:check', parameters: { commercialNumber: 'CR-1010' } },
		'Commercial Registration Number must be digits only, got "CR-1010"',
	],
	[
		'check: a CR number as an object',
		{
			operation: 'commercialRegistration:check',
			parameters: { commercialNumber: V },
			v: { cr: 1010010101 },
		},
		/^Commercial Registration Number must be text, got an object/,
	],
	[
		'check: a CR number an expression leaves empty',
		{ operation: 'commercialRegistration:check', parameters: { commercialNumber: V }, v: null },
		'Commercial Registration Number is required',
	],
	// SMS Provider
	[
		'configure: Sender Name as an object',
		{ operation: 'smsProvider:configure', parameters: { smsSender: V }, v: { name: 'ACME' } },
		'Sender Name must be text, got an object: {"name":"ACME"}',
	],
	[
		'configure: a 300-character Username',
		{ operation: 'smsProvider:configure', parameters: { smsUserame: V }, v: long(300) },
		'Username is too long: 300 characters, at most 256',
	],
	[
		'configure: Password as an object',
		{ operation: 'smsProvider:configure', parameters: { smsPassword: V }, v: { pw: 'x' } },
		'Password must be text, got an object',
	],
	[
		'configure: a Password an expression leaves empty',
		{ operation: 'smsProvider:configure', parameters: { smsPassword: V }, v: '' },
		'Password is required',
	],
	[
		'configure: Provider -1',
		{ operation: 'smsProvider:configure', parameters: { smsProvider: V }, v: -1 },
		'Provider must be one of Imissive (1), Msegat (2), Unifonic (3), FourJawaly (4), Infinito (5), by name or number; got "-1"',
	],
	[
		'configure: Provider 2.5',
		{ operation: 'smsProvider:configure', parameters: { smsProvider: V }, v: 2.5 },
		'Provider must be one of Imissive (1), Msegat (2), Unifonic (3), FourJawaly (4), Infinito (5), by name or number; got "2.5"',
	],
	[
		'configure: a Gateway URL that is not http',
		{ operation: 'smsProvider:configure', parameters: { smsUrl: 'ftp://sms.example.com' } },
		'Gateway URL must be an http:// or https:// URL, got one starting with "ftp://sms.example.com"',
	],
	// Webhook
	[
		'create: Header Token as an object',
		{ operation: 'webhook:create', parameters: { headerToken: V }, v: { token: 'x' } },
		'Header Token must be text, got an object',
	],
	[
		'create: Header Token as a boolean',
		{ operation: 'webhook:create', parameters: { headerToken: V }, v: true },
		'Header Token must be text, got a boolean',
	],
	[
		'create: Use as Account Default as "yes"',
		{ operation: 'webhook:create', parameters: { isDefault: V }, v: 'yes' },
		'Use as Account Default must be true or false, got a string: yes',
	],
	[
		'create: a 3,000-character Webhook URL',
		{
			operation: 'webhook:create',
			parameters: { webhookUrl: V },
			v: `https://example.com/${long(3000)}`,
		},
		'Webhook URL is too long: 3,020 characters, at most 2,048',
	],
	[
		'createMany: a Header Token as a list',
		{
			operation: 'webhook:createMany',
			parameters: {
				webhooks: {
					webhook: [
						{ webhookUrl: 'https://example.com/one' },
						{ webhookUrl: 'https://example.com/two', headerToken: V },
					],
				},
			},
			v: ['a'],
		},
		'Webhooks, webhook 2: Header Token must be text, got a list',
	],
	[
		'getAll: Limit -3',
		{ operation: 'webhook:getAll', parameters: { limit: V }, v: -3 },
		'Limit must be 1 or more, got -3',
	],
	[
		'getAll: Limit 2.5',
		{ operation: 'webhook:getAll', parameters: { limit: V }, v: 2.5 },
		'Limit must be a whole number, got "2.5"',
	],
	[
		'getAll: Limit "all"',
		{ operation: 'webhook:getAll', parameters: { limit: V }, v: 'all' },
		'Limit must be a whole number, got "all"',
	],
	[
		'getLogs: Delivery Status -1',
		{ operation: 'webhook:getLogs', parameters: { filters: { webhookStatus: V } }, v: -1 },
		'Filters: Delivery Status must be one of Pending (0), Success (1), Recall (2), Failed From Client (4), by name or number; got "-1"',
	],
	[
		'getLogs: the all-zero Callback Request ID',
		{ operation: 'webhook:getLogs', parameters: { filters: { requestId: ZERO_GUID } } },
		/^Filters: Callback Request ID is the empty ID/,
	],
	[
		'update: Use as Account Default as "perhaps"',
		{ operation: 'webhook:update', parameters: { updateFields: { isDefault: V } }, v: 'perhaps' },
		'Update Fields: Use as Account Default must be true or false, got a string: perhaps',
	],
	[
		'update: Webhook URL as an object',
		{
			operation: 'webhook:update',
			parameters: { updateFields: { webhookUrl: V } },
			v: { url: 'https://example.com' },
		},
		/^Update Fields: Webhook URL must be text, got an object/,
	],
	[
		'get: the all-zero Webhook by expression',
		{ operation: 'webhook:get', parameters: { webhookId: byId(V) }, v: ZERO_GUID },
		/^Webhook is the empty ID/,
	],
	[
		'delete: Webhook as an object by expression',
		{ operation: 'webhook:delete', parameters: { webhookId: byId(V) }, v: { id: GUID } },
		/^Webhook must be text, got an object/,
	],
	[
		'resend: Callback Request ID as an object',
		{ operation: 'webhook:resend', parameters: { requestId: V }, v: { id: GUID } },
		/^Callback Request ID must be text, got an object/,
	],
];

describe('bad input is refused, naming the field, and nothing is sent', () => {
	it('has over a hundred cases, and at least one for every operation', () => {
		expect(refused.length).toBeGreaterThanOrEqual(100);
		expect(new Set(refused.map(([, test]) => test.operation))).toEqual(new Set(Object.keys(BASES)));
	});

	it.each(Object.keys(BASES))(
		'%s: the valid request the cases start from is sent',
		async (operation) => {
			const result = await runCase({ operation });
			// The service may refuse it (unknown IDs); what matters is that the node's checks let it through.
			expect(apiRequests().length).toBeGreaterThanOrEqual(1);
			expect(result.error?.message ?? '').not.toMatch(
				/must be|is required|too long|empty ID|not a PDF|is empty/,
			);
		},
	);

	it.each(refused)('%s', async (_name, test, message) => {
		const result = await runCase(test);
		if (typeof message === 'string') expect(result.error?.message).toBe(message);
		else expect(result.error?.message).toMatch(message);
		expect(result.items).toHaveLength(0);
		expect(apiRequests()).toHaveLength(0);
	});
});

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
