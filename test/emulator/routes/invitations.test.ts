/**
 * Invitation routes (invitations.ts): v1 (send, bulk, per envelope, extend, reminders) and v2/v3 (links).
 */
import { call, createEnvelope, destination, emu, invite, useEmulator } from '../testing';

useEmulator();

describe('invitations v1', () => {
	it('POST /api/v1/invitations adds pending signers and sends invitations', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const envelope = emu.envelope(envelopeId)!;
		expect(envelope.signers[0]).toMatchObject({
			email: 'a@example.com',
			status: 'Pending',
			signeOrder: 1,
			invited: true,
		});
		expect(emu.notifications).toEqual([
			expect.objectContaining({
				kind: 'invitation',
				via: 'v1',
				to: 'a@example.com',
				channel: 'email',
			}),
		]);
	});

	it('validates destinations (8) and answers unknown documents with errorCode 404 on HTTP 200', async () => {
		const { documentId } = await createEnvelope();
		const email = await call('POST', '/api/v1/invitations', {
			json: { DocumentId: documentId, Destinations: [destination('not-an-email', 1)] },
		});
		expect(email.json.errorCode).toBe(8);
		const empty = await call('POST', '/api/v1/invitations', {
			json: { DocumentId: documentId, Destinations: [] },
		});
		expect(empty.json.errorCode).toBe(8);
		const unknown = await call('POST', '/api/v1/invitations', {
			json: {
				DocumentId: '11111111-2222-4333-8444-555555555555',
				Destinations: [destination('a@example.com', 1)],
			},
		});
		expect(unknown.status).toBe(200);
		expect(unknown.json).toMatchObject({ errorCode: 404, message: 'DocumentNotFound' });
	});

	it('POST /api/v1/invitations/bulk/send invites per document', async () => {
		const one = await createEnvelope();
		const two = await createEnvelope();
		const res = await call('POST', '/api/v1/invitations/bulk/send', {
			json: [
				{
					documentId: one.documentId,
					destinations: [
						{ destinationName: 'A', destinationEmail: 'a@example.com', signeOrder: 1 },
					],
				},
				{
					documentId: two.documentId,
					destinations: [
						{ destinationName: 'B', destinationEmail: 'b@example.com', signeOrder: 1 },
					],
				},
			],
		});
		expect(res.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.envelope(one.envelopeId)!.signers.map((s) => s.email)).toEqual(['a@example.com']);
		expect(emu.envelope(two.envelopeId)!.signers.map((s) => s.email)).toEqual(['b@example.com']);
	});

	it('POST /api/v1/invitations/envelope requires the envelopeId query and invites pending signers', async () => {
		const res0 = await createEnvelope();
		await call('POST', '/api/v2/invitations/send', {
			json: {
				documentId: res0.documentId,
				destinations: [{ destinationName: 'A', destinationEmail: 'a@example.com', signeOrder: 1 }],
			},
		});
		expect(emu.notifications).toHaveLength(0);
		const missing = await call('POST', '/api/v1/invitations/envelope', {
			json: { envelopeId: res0.envelopeId, destinations: [], invitationMessage: 'hi' },
		});
		expect(missing.json.errorCode).toBe(8);
		const res = await call('POST', `/api/v1/invitations/envelope?envelopeId=${res0.envelopeId}`, {
			json: {
				envelopeId: res0.envelopeId,
				destinations: [{ destinationName: 'B', destinationEmail: 'b@example.com', signeOrder: 2 }],
				invitationMessage: 'hi',
			},
		});
		expect(res.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.notifications.map((n) => n.to).sort()).toEqual(['a@example.com', 'b@example.com']);
		expect(emu.notifications[0].message).toBe('hi');
	});

	it('PUT /api/v1/invitations/extend: 16 with data false for a past date, true otherwise', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const destinationId = emu.envelope(envelopeId)!.signers[0].destinationId;
		const past = await call('PUT', '/api/v1/invitations/extend', {
			json: { destinationId, availableTo: '2000-01-01T00:00:00Z' },
		});
		expect(past.status).toBe(200);
		expect(past.json).toMatchObject({
			errorCode: 16,
			message: 'AvailableTo is in the past',
			data: false,
		});
		const future = new Date(Date.now() + 86_400_000).toISOString();
		const ok = await call('PUT', '/api/v1/invitations/extend', {
			json: { destinationId, availableTo: future },
		});
		expect(ok.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.envelope(envelopeId)!.signers[0].availableTo!.toISOString()).toBe(future);
	});

	it('PUT /api/v1/envelopes/extend-invitations: 16 for a past date, extends pending signers otherwise', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com', 'b@example.com');
		const past = await call('PUT', '/api/v1/envelopes/extend-invitations', {
			json: { envelopeId, availableTo: '2001-01-01T00:00:00Z' },
		});
		expect(past.json).toMatchObject({ errorCode: 16, data: false });
		const future = new Date(Date.now() + 86_400_000).toISOString();
		const ok = await call('PUT', '/api/v1/envelopes/extend-invitations', {
			json: { envelopeId, availableTo: future },
		});
		expect(ok.json).toMatchObject({ errorCode: 0, data: true });
		expect(
			emu.envelope(envelopeId)!.signers.every((s) => s.availableTo?.toISOString() === future),
		).toBe(true);
	});

	it('reminders: single (data true) and bulk with a foreign e-mail (121, data true)', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		await invite(documentId, 'a@example.com');
		const single = await call('POST', '/api/v1/invitations/reminders/send', {
			json: { requestId: envelopeId, destinationEmail: 'a@example.com' },
		});
		expect(single.json).toMatchObject({ errorCode: 0, data: true });
		expect(emu.envelope(envelopeId)!.reminders).toHaveLength(1);
		const bulk = await call('POST', '/api/v1/invitations/bulk/reminders/send', {
			json: [
				{ requestId: envelopeId, destinationEmail: 'a@example.com', destinationPhone: null },
				{ requestId: envelopeId, destinationEmail: 'stranger@example.com', destinationPhone: null },
			],
		});
		expect(bulk.status).toBe(200);
		expect(bulk.json).toMatchObject({
			errorCode: 121,
			message: 'The email does not belong to this envelope',
			data: true,
		});
		expect(emu.envelope(envelopeId)!.reminders).toHaveLength(2);
		expect(emu.notifications.filter((n) => n.kind === 'reminder')).toHaveLength(2);
	});
});

describe('invitations v2 and v3', () => {
	const body = (documentId: string) => ({
		documentId,
		destinations: [
			{
				destinationName: 'A',
				destinationEmail: 'a@example.com',
				destinationPhoneNumber: '+966500000001',
				signeOrder: 1,
				destinationType: 1,
				authenticationType: 3,
				invitationLanguage: 1,
				redirectUrl: 'https://example.com/done',
				allowUserToAddDestination: false,
			},
			{
				destinationName: 'B',
				destinationEmail: 'b@example.com',
				destinationPhoneNumber: '',
				signeOrder: 2,
				destinationType: 1,
				authenticationType: 0,
				invitationLanguage: 0,
			},
		],
		invitationMessage: 'Message',
		invitationSubject: 'Subject',
	});

	it('v2 returns invitation records with links and sends nothing', async () => {
		const { documentId } = await createEnvelope();
		const res = await call('POST', '/api/v2/invitations/send', { json: body(documentId) });
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data).toHaveLength(2);
		expect(res.json.data[0]).toEqual({
			id: expect.any(String),
			subject: 'Subject',
			message: 'Message',
			name: 'A',
			nationalId: null,
			signeOrder: 1,
			destinationType: 1,
			authenticationType: 3,
			destinationPhone: '+966500000001',
			destination: 'a@example.com',
			fileId: documentId,
			status: 1,
			userHost: expect.any(String),
			invitationLink: expect.stringContaining(emu.url),
			invitationLanguage: 1,
		});
		expect(emu.notifications).toHaveLength(0);
	});

	it('v3 sends notifications and returns records without nationalId and destinationPhone', async () => {
		const { envelopeId, documentId } = await createEnvelope();
		const res = await call('POST', '/api/v3/invitations/send', { json: body(documentId) });
		expect(res.json.errorCode).toBe(0);
		expect(res.json.data[1]).not.toHaveProperty('nationalId');
		expect(res.json.data[1]).not.toHaveProperty('destinationPhone');
		expect(res.json.data[1]).toMatchObject({
			signeOrder: 2,
			destination: 'b@example.com',
			status: 1,
		});
		expect(emu.notifications.map((n) => [n.via, n.to])).toEqual([
			['v3', 'a@example.com'],
			['v3', 'b@example.com'],
		]);
		expect(emu.envelope(envelopeId)!.signers.every((s) => s.status === 'Pending')).toBe(true);
	});
});

describe('signer verification and invitation language, in both profiles', () => {
	const absher = (extra: Record<string, unknown> = {}) => ({
		destinationName: 'A',
		destinationEmail: 'a@example.com',
		signeOrder: 1,
		authenticationType: 9,
		...extra,
	});

	it.each(['spec', 'live'] as const)(
		'%s: Absher (9) without nationalId is refused with 147 and invites nobody',
		async (profile) => {
			emu.setProfile(profile);
			const { envelopeId, documentId } = await createEnvelope();
			for (const [path, key, documentKey] of [
				['/api/v1/invitations', 'Destinations', 'DocumentId'],
				['/api/v2/invitations/send', 'destinations', 'documentId'],
				['/api/v3/invitations/send', 'destinations', 'documentId'],
			]) {
				const res = await call('POST', path, {
					json: { [documentKey]: documentId, [key]: [absher()] },
				});
				expect(res.status).toBe(200);
				expect(res.json).toMatchObject({
					errorCode: 147,
					message: 'NationalId is required for AbsherOtp authentication',
				});
			}
			expect(emu.envelope(envelopeId)!.signers).toEqual([]);
			expect(emu.notifications).toHaveLength(0);
			const sent = await call('POST', '/api/v2/invitations/send', {
				json: { documentId, destinations: [absher({ nationalId: '1012345678' })] },
			});
			expect(sent.json.errorCode).toBe(0);
			expect(sent.json.data[0]).toMatchObject({ authenticationType: 9, nationalId: '1012345678' });
		},
	);

	it('v3 records echo the phone in the live profile only', async () => {
		const destinations = [
			{ destinationName: 'A', destinationPhoneNumber: '+966500000001', authenticationType: 10 },
		];
		const { documentId } = await createEnvelope();
		const spec = await call('POST', '/api/v3/invitations/send', {
			json: { documentId, destinations },
		});
		expect(spec.json.data[0]).not.toHaveProperty('destinationPhone');
		emu.setProfile('live');
		const live = await call('POST', '/api/v3/invitations/send', {
			json: { documentId, destinations },
		});
		expect(live.json.data[0]).toMatchObject({
			destinationPhone: '+966500000001',
			authenticationType: 10,
		});
	});

	it.each(['spec', 'live'] as const)(
		'%s: the signing page is Arabic for 1, English for 2, 0 and anything else',
		async (profile) => {
			emu.setProfile(profile);
			const { documentId } = await createEnvelope();
			const languages = [1, 2, 0, 7];
			const res = await call('POST', '/api/v2/invitations/send', {
				json: {
					documentId,
					destinations: languages.map((invitationLanguage, i) => ({
						destinationName: `S${i}`,
						destinationEmail: `s${i}@example.com`,
						signeOrder: i + 1,
						invitationLanguage,
					})),
				},
			});
			expect(res.json.errorCode).toBe(0);
			// By signer name: the sandbox answered records out of order.
			const pages = Object.fromEntries(
				await Promise.all(
					(res.json.data as Array<{ name: string; invitationLink: string }>).map(async (record) => [
						record.name,
						await (await fetch(record.invitationLink)).text(),
					]),
				),
			) as Record<string, string>;
			const language = (name: string) =>
				/<html lang="(\w+)" dir="(\w+)">/.exec(pages[name])?.slice(1).join(' ');
			expect(['S0', 'S1', 'S2', 'S3'].map(language)).toEqual([
				'ar rtl',
				'en ltr',
				'en ltr',
				'en ltr',
			]);
			expect(pages.S0).toContain('توقيع');
		},
	);
});
