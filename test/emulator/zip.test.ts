/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The ZIP archives of the emulator (zip.ts), as the signed download of a multi-file envelope answers them
 * (routes/documents.ts; the other downloads are tested in routes/documents.test.ts).
 */
import { crc32 } from 'node:zlib';

import { call, emu, invite, pdfBase64, useEmulator } from './testing';
import { readZip } from './zip';

useEmulator();

describe('documents: signed download of a multi-file envelope', () => {
	it('answers a ZIP of signed PDFs for a multi-file envelope', async () => {
		const res = await call('POST', '/api/v1/envelopes/bulk/initiate-base64', {
			json: {
				referenceNumber: 'ZIP-1',
				files: [
					{ file: pdfBase64(), fileName: 'a.pdf' },
					{ file: pdfBase64(), fileName: 'b.pdf' },
				],
			},
		});
		const { envelopeId, bulkFileResponse } = res.json.data;
		await invite(bulkFileResponse[0].documentId, 'a@example.com');
		await emu.sign(envelopeId);
		const zip = await call('GET', `/api/v1/documents/${bulkFileResponse[1].documentId}/signed`);
		expect(zip.headers.get('content-type')).toBe('application/zip');
		expect(zip.headers.get('content-disposition')).toContain('filename="ZIP-1.zip"');
		expect(zip.buffer.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
		const entries = readZip(zip.buffer);
		expect(entries.map((e) => e.name)).toEqual(['a.pdf', 'b.pdf']);
		for (const entry of entries) {
			expect(entry.data.equals(emu.signedPdf(emu.samplePdf, ['Signer 1']))).toBe(true);
		}
		// the local header CRC matches the data (independent check of readZip)
		expect(zip.buffer.readUInt32LE(14)).toBe(crc32(entries[0].data));
	});
});
