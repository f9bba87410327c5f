/**
 * The live profile (EmulatorOptions.profile, POST /_emulator/profile): where docs/service-api.md#spec-and-live-service
 * says the live sandbox answered differently from the spec, the emulator answers so; the spec profile as before.
 */
import { Emulator } from './index';
import { call, createEnvelope, emu, invite, pdfBase64, useEmulator } from './testing';

useEmulator();

function integrationToken(basicId: string, basicSecret: string) {
	const d = emu.demo;
	return fetch(`${emu.url}/Authentication/Authority/Token`, {
		method: 'POST',
		headers: {
			authorization: `Basic ${Buffer.from(`${basicId}:${basicSecret}`).toString('base64')}`,
		},
		body: new URLSearchParams({
			grant_type: 'integration',
			username: d.username,
			password: d.password,
			accountId: d.accountId,
			accountSecret: d.accountSecret,
		}),
	});
}

describe('profile switch', () => {
	it('starts as the spec unless told, and the control API switches it', async () => {
		const live = await Emulator.start({ profile: 'live' });
		try {
			expect(live.profile).toBe('live');
		} finally {
			await live.stop();
		}
		expect(emu.profile).toBe('spec');
		const set = await fetch(`${emu.url}/_emulator/profile`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ profile: 'live' }),
		});
		expect(set.status).toBe(200);
		expect(emu.profile).toBe('live');
		emu.reset();
		expect(emu.profile).toBe('live');
		const bad = await fetch(`${emu.url}/_emulator/profile`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify({ profile: 'other' }),
		});
		expect(bad.status).toBe(400);
	});
});

describe('integration grant', () => {
	it('spec: Basic clientId:clientSecret; live: Basic accountId:accountSecret, the client pair refused with 401 invalid_client', async () => {
		const d = emu.demo;
		expect((await integrationToken(d.clientId, d.clientSecret)).status).toBe(200);
		expect((await integrationToken(d.accountId, d.accountSecret)).status).toBe(401);
		emu.setProfile('live');
		const refused = await integrationToken(d.clientId, d.clientSecret);
		expect(refused.status).toBe(401);
		expect(await refused.json()).toMatchObject({ error: 'invalid_client' });
		expect((await integrationToken(d.accountId, d.accountSecret)).status).toBe(200);
	});
});

describe('identity-provider signing', () => {
	it('spec: /esign/idp/sign only; live: /esign/nafath/sign only, the other path 404', async () => {
		const body = {
			requestId: '5b0c7a2e-3f4d-4e5f-8a9b-0c1d2e3f4a5b',
			file: { file: pdfBase64(), fileName: 'idp.pdf' },
		};
		emu.authenticateIdentity(body.requestId);
		expect((await call('POST', '/api/v1/esign/idp/sign', { json: body })).json.errorCode).toBe(0);
		expect((await call('POST', '/api/v1/esign/nafath/sign', { json: body })).status).toBe(404);
		emu.setProfile('live');
		expect((await call('POST', '/api/v1/esign/idp/sign', { json: body })).status).toBe(404);
		expect((await call('POST', '/api/v1/esign/nafath/sign', { json: body })).json.errorCode).toBe(
			0,
		);
	});
});

describe('Get Status and Download Original', () => {
	it('live: the sandbox shape with the account as an already-signed signatory; the original is the current version', async () => {
		emu.setProfile('live');
		const created = await createEnvelope();
		await invite(created.documentId, 'jane@example.com');
		const first = await call('GET', `/api/v1/envelopes/${created.envelopeId}/status`);
		expect(first.json.data).toEqual({
			id: created.envelopeId,
			status: 'Pending',
			signatories: [
				expect.objectContaining({ status: 'SIGNED', email: emu.demo.username, signOrder: 0 }),
				expect.objectContaining({
					status: 'PENDING',
					email: 'jane@example.com',
					signOrder: 1,
					fullName: expect.any(String),
					signingUrl: expect.any(String),
				}),
			],
			documents: [{ id: created.documentId, isSigned: false }],
		});
		const second = await call('GET', `/api/v1/envelopes/${created.envelopeId}/status`);
		expect(second.json.data.signatories[0].signingUrl).not.toBe(
			first.json.data.signatories[0].signingUrl,
		);
		const before = await call('GET', `/api/v1/documents/${created.documentId}`);
		await emu.sign(created.envelopeId);
		const after = await call('GET', `/api/v1/documents/${created.documentId}`);
		expect(after.buffer.equals(before.buffer)).toBe(false);
		expect(after.buffer.equals(emu.envelope(created.envelopeId)!.files[0].data)).toBe(false);
	});

	it('spec: the spec shape, and the original bytes after signing', async () => {
		const created = await createEnvelope();
		await invite(created.documentId, 'jane@example.com');
		const status = await call('GET', `/api/v1/envelopes/${created.envelopeId}/status`);
		expect(Object.keys(status.json.data).sort()).toEqual([
			'createdAt',
			'envelopeId',
			'signers',
			'status',
		]);
		await emu.sign(created.envelopeId);
		const original = await call('GET', `/api/v1/documents/${created.documentId}`);
		expect(original.buffer.equals(emu.envelope(created.envelopeId)!.files[0].data)).toBe(true);
	});
});
