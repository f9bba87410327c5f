/**
 * The pages (pages.ts): every invitation link opens a signing page, the root lists the envelopes with their IDs,
 * signers and buttons, and a sign or reject through a page ends where the control API's sign or reject ends, callback
 * included.
 */
import {
	call,
	createEnvelope,
	createWebhook,
	emu,
	receiverForEachTest,
	useEmulator,
} from '../testing';
import type { ParsedJson } from '../../harness/json';

useEmulator();
const receiver = receiverForEachTest();

/** Two signers by v2 (links only); returns their invitation records. */
async function sendForLinks(
	documentId: string,
	firstName = 'Jane Doe',
): Promise<Array<{ name: string; invitationLink: string }>> {
	const res = await call('POST', '/api/v2/invitations/send', {
		json: {
			documentId,
			invitationSubject: 'Please sign the contract',
			destinations: [
				{ destinationName: firstName, destinationEmail: 'jane@example.com', signeOrder: 1 },
				{ destinationName: 'John Smith', destinationEmail: 'john@example.com', signeOrder: 2 },
			],
		},
	});
	expect(res.json.errorCode).toBe(0);
	return res.json.data;
}

const get = async (url: string) => {
	const res = await fetch(url);
	return { status: res.status, type: res.headers.get('content-type'), text: await res.text() };
};

/** What a browser sends for a form on a page: urlencoded fields, no redirect followed. */
const submit = (url: string, fields: Record<string, string>) =>
	fetch(url, { method: 'POST', body: new URLSearchParams(fields), redirect: 'manual' });

/** The values of an attribute in a page, as a browser would read them (entities decoded). */
const attributes = (page: string, name: string) =>
	[...page.matchAll(new RegExp(`${name}="([^"]*)"`, 'g'))].map((m) =>
		m[1].replace(/&#(\d+);/g, (_, c) => String.fromCharCode(Number(c))),
	);

/** A callback with the ids of its envelope left out, to compare two envelopes' callbacks. */
const withoutIds = (body: ParsedJson) => ({
	...body,
	RequestId: undefined,
	ReferencNumber: undefined,
	Signatory: body.Signatory.map((s: ParsedJson) => ({ ...s, Id: undefined })),
});

describe('the signing page at every invitation link', () => {
	it('opens for each signer, with the name escaped, and its buttons post to the emulator', async () => {
		const { documentId } = await createEnvelope();
		const [jane, john] = await sendForLinks(documentId, '<script>alert("x")</script> Jane & Co');
		const page = await get(jane.invitationLink);
		expect(page).toMatchObject({ status: 200, type: 'text/html; charset=utf-8' });
		expect(page.text).toContain(
			'&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; Jane &#38; Co',
		);
		expect(page.text).not.toContain('<script>');
		expect(page.text).toContain('<h1>Please sign the contract</h1>');
		expect(page.text).toMatch(/· reference number\s+\S+,/);
		expect(page.text).toContain('<button');
		const path = new URL(jane.invitationLink).pathname;
		expect(attributes(page.text, 'action')).toEqual([`${path}/sign`, `${path}/reject`]);
		expect((await get(john.invitationLink)).text).toContain('John Smith');
		expect(
			(await get(`${emu.url}/sign/${documentId}/11111111-2222-4333-8444-555555555555`)).status,
		).toBe(404);
	});

	it('signing there ends in the same state and callback as the control API’s sign', async () => {
		await createWebhook(receiver.url);
		const byControl = await createEnvelope({ referenceNumber: 'BY-CONTROL' });
		await sendForLinks(byControl.documentId);
		const byPage = await createEnvelope({ referenceNumber: 'BY-PAGE' });
		const links = await sendForLinks(byPage.documentId);

		for (const email of ['jane@example.com', 'john@example.com']) {
			const res = await fetch(`${emu.url}/_emulator/envelopes/${byControl.envelopeId}/sign`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ email }),
			});
			expect(res.status).toBe(200);
		}
		const first = await submit(`${links[0].invitationLink}/sign`, {});
		expect(first.status).toBe(303);
		expect(first.headers.get('location')).toBe(new URL(links[0].invitationLink).pathname);
		expect(emu.envelope(byPage.envelopeId)!.status).toBe('In-progress');
		expect(receiver.received).toHaveLength(1); // the control API's envelope only
		const signed = (await get(links[0].invitationLink)).text;
		expect(signed).toContain('<h1>Signed</h1>');
		expect(signed).toContain('You signed this envelope.');
		// Asked to sign no more: the subject stays as a line, the heading says what the signer did.
		expect(signed).not.toContain('<h1>Please sign the contract</h1>');
		expect(signed).not.toContain('<button');
		expect(signed).toMatch(/· reference number\s+BY-PAGE,/);
		expect(signed).not.toMatch(/envelope\s+BY-PAGE/);
		await submit(`${links[1].invitationLink}/sign`, {});

		const signers = (id: string) => emu.envelope(id)!.signers.map((s) => [s.name, s.status]);
		expect(emu.envelope(byPage.envelopeId)!.status).toBe('Completed');
		expect(signers(byPage.envelopeId)).toEqual(signers(byControl.envelopeId));
		expect(receiver.received.map((r) => r.body.RequestId)).toEqual([
			byControl.envelopeId,
			byPage.envelopeId,
		]);
		expect(withoutIds(receiver.received[1].body)).toEqual(withoutIds(receiver.received[0].body));
		expect(receiver.received[1].body.Status).toBe(1);
	});

	it('rejecting there sends the rejection with the reason given, as the control API’s reject', async () => {
		await createWebhook(receiver.url);
		const { envelopeId, documentId } = await createEnvelope();
		const [, john] = await sendForLinks(documentId);
		await submit(`${john.invitationLink}/reject`, { reason: 'Wrong <amount>' });
		expect(receiver.received).toHaveLength(1);
		expect(receiver.received[0].body).toMatchObject({ RequestId: envelopeId, Status: 2 });
		expect(receiver.received[0].body.Signatory[1]).toMatchObject({
			FullName: 'John Smith',
			Status: 'REJECTED',
			RejectReason: 'Wrong <amount>',
		});
		const page = await get(john.invitationLink);
		expect(page.text).toContain('You rejected this envelope: Wrong &#60;amount&#62;.');
		expect(page.text).toContain('<h1>Rejected</h1>');
		const after = await submit(`${john.invitationLink}/sign`, {});
		expect(after.status).toBe(409);
		expect(receiver.received).toHaveLength(1);
	});
});

describe('the start page at the root', () => {
	it('lists every envelope with its IDs and signers, links each signer’s page and signs from its buttons', async () => {
		expect((await get(`${emu.url}/`)).text).toContain('No envelopes yet');
		await createWebhook(receiver.url);
		const { envelopeId, documentId } = await createEnvelope({ referenceNumber: 'START-1' });
		const links = await sendForLinks(documentId, 'Jane <b>Doe</b>');
		const start = await get(`${emu.url}/`);
		expect(start.status).toBe(200);
		expect(start.text).toContain(envelopeId);
		expect(start.text).toContain(documentId);
		expect(start.text).toContain('START-1');
		expect(start.text).toContain('Jane &#60;b&#62;Doe&#60;/b&#62;');
		const hrefs = attributes(start.text, 'href').filter((h) => h.startsWith('/sign/'));
		expect(hrefs.map((h) => `${emu.url}${h}`)).toEqual(links.map((l) => l.invitationLink));
		const buttons = attributes(start.text, 'action');
		expect(buttons).toEqual(
			links.flatMap((l) => [
				`${new URL(l.invitationLink).pathname}/sign`,
				`${new URL(l.invitationLink).pathname}/reject`,
			]),
		);

		for (const action of buttons.filter((a) => a.endsWith('/sign'))) {
			const res = await submit(`${emu.url}${action}`, { back: 'start' });
			expect(res.headers.get('location')).toBe('/');
		}
		expect(emu.envelope(envelopeId)!.status).toBe('Completed');
		expect(receiver.received.map((r) => [r.body.RequestId, r.body.Status])).toEqual([
			[envelopeId, 1],
		]);
		const after = await get(`${emu.url}/`);
		expect(attributes(after.text, 'action')).toEqual([]);
		expect(after.text).toContain('Completed');
	});
});

describe('the sample document', () => {
	it('is the emulator’s sample PDF, named and typed for n8n’s HTTP Request node', async () => {
		const res = await fetch(`${emu.url}/sample/contract.pdf`);
		expect(res.headers.get('content-type')).toBe('application/pdf');
		expect(res.headers.get('content-disposition')).toBe('attachment; filename="contract.pdf"');
		expect(Buffer.from(await res.arrayBuffer()).equals(emu.samplePdf)).toBe(true);
		expect((await get(`${emu.url}/`)).text).toContain('href="/sample/contract.pdf"');
	});
});
