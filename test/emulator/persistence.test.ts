/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The emulator keeps its accounts in a file between runs (persistence.ts, used by npm run dev): a webhook and an
 * envelope made over HTTP are there, with the same IDs and the PDF's bytes, after a stop and a new start.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Emulator } from './index';

describe('the emulator across restarts', () => {
	// Made in beforeAll: a run that filters this test out then leaves no folder behind.
	let dir = '';
	beforeAll(() => {
		dir = mkdtempSync(join(tmpdir(), 'esig-emulator-state-'));
	});
	afterAll(() => dir && rmSync(dir, { recursive: true, force: true }));

	it('keeps webhooks and envelopes (with their PDFs) in its state file; without the file it starts empty', async () => {
		const stateFile = join(dir, 'emulator-state.json');
		const first = await Emulator.start({ stateFile });
		expect(first.restored).toBe(false);
		const account = first.state.account(first.demo.accountId)!;
		const webhookId = '5f0c7a8e-2d4b-4c1e-9a57-0c2b6f1e9d02';
		const webhookUrl = 'http://127.0.0.1:5678/webhook/0b7c1e2a-5d4f-4e8a-9b6c-3d2e1f0a9b8c/webhook';
		account.webhooks.push({
			id: webhookId,
			webhookUrl,
			accountId: first.demo.accountId,
			isDefault: true,
			headerToken: 'a'.repeat(64),
		});
		const { envelopeId } = first.state.createEnvelope(account, {
			files: [{ fileName: 'lease.pdf', data: first.samplePdf }],
		});
		await first.stop();

		const second = await Emulator.start({ stateFile });
		try {
			expect(second.restored).toBe(true);
			expect(second.webhooks().map((w) => [w.id, w.webhookUrl, w.isDefault])).toEqual([
				[webhookId, webhookUrl, true],
			]);
			const envelope = second.envelope(envelopeId)!;
			expect(envelope.files[0].data.equals(second.samplePdf)).toBe(true);
			expect(envelope.createdAt).toBeInstanceOf(Date);
		} finally {
			await second.stop();
		}

		const elsewhere = await Emulator.start({ stateFile: join(dir, 'none.json') });
		await elsewhere.stop();
		expect(elsewhere.restored).toBe(false);
		expect(elsewhere.webhooks()).toEqual([]);
		expect(elsewhere.envelope(envelopeId)).toBeUndefined();
	});
});
