/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Identity Provider Signing with n8n's binary data on disk (filesystem mode): it reads the PDF from disk and writes the
 * signed one there. A file of its own: the mode holds for the rest of the file's module registry.
 */
import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIGNED_MARKER } from '../emulator';
import { identitySigningSuite, PNG } from './testing';

const { suite, run, apiRequests, authenticated } = identitySigningSuite();

describe('identitySigning: binary data in filesystem mode', () => {
	let storagePath: string;

	beforeAll(async () => {
		storagePath = mkdtempSync(join(tmpdir(), 'esig-idp-binary-'));
		const service = Container.get(BinaryDataService);
		// config is private in the typings; n8n sets it from the environment at start.
		const { config } = service as unknown as {
			config: { mode: string; localStoragePath: string };
		};
		config.mode = 'filesystem';
		config.localStoragePath = storagePath;
		await service.init();
	});

	afterAll(() => rmSync(storagePath, { recursive: true, force: true }));

	it('reads the PDF from disk and writes the signed PDF to disk', async () => {
		const requestId = authenticated();
		const result = await run(
			{
				operation: 'sign',
				requestId,
				signatureAppearance: { appearanceImageBinaryField: 'signature' },
			},
			{
				items: [
					{
						binary: {
							data: {
								data: suite.emulator.samplePdf,
								fileName: 'disk.pdf',
								mimeType: 'application/pdf',
							},
							signature: { data: PNG, fileName: 'sig.png', mimeType: 'image/png' },
						},
					},
				],
			},
		);
		expect(result.error).toBeUndefined();
		expect(apiRequests()[0].body).toMatchObject({
			file: { file: suite.emulator.samplePdf.toString('base64'), fileName: 'disk.pdf' },
			signatureAppearance: { appearanceImageBase64: PNG.toString('base64') },
		});
		const binary = result.items[0].binary!.data;
		expect(binary.id).toMatch(/^filesystem/);
		expect(readdirSync(storagePath, { recursive: true }).length).toBeGreaterThan(0);
		expect((await result.binary(0, 'data')).toString('latin1')).toContain(SIGNED_MARKER);
	});
});
