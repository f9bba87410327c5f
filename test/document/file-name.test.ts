/**
 * Options → File Name, which the four Document operations share.
 */
import { documentSuite } from './testing';

const { suite, run, annexPdf } = documentSuite();

describe('document downloads: Options → File Name', () => {
	it.each(['download', 'downloadSigned', 'getCompleted', 'getContent'])(
		'%s names the output file as asked, per item',
		async (operation) => {
			const a = suite.seedEnvelope({
				files: [{ fileName: 'a.pdf', data: suite.emulator.samplePdf }],
			});
			const b = suite.seedEnvelope({ files: [{ fileName: 'b.pdf', data: annexPdf() }] });
			await suite.emulator.sign(a.envelopeId);
			await suite.emulator.sign(b.envelopeId);

			const result = await run(
				{
					operation,
					documentId: '={{ $json.doc }}',
					options: { fileName: '=contract-{{ $json.ref }}' },
				},
				[{ json: { doc: a.documentId, ref: 'A-1' } }, { json: { doc: b.documentId, ref: 'B-2' } }],
			);

			expect(result.error).toBeUndefined();
			expect(result.items.map((item) => item.json.fileName)).toEqual([
				'contract-A-1.pdf',
				'contract-B-2.pdf',
			]);
			expect(result.items.map((item) => item.binary?.data.fileName)).toEqual([
				'contract-A-1.pdf',
				'contract-B-2.pdf',
			]);
			expect((await result.binary(1, 'data')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
		},
	);

	it('keeps the extension of what arrived: a ZIP stays .zip whatever the name says', async () => {
		const envelope = suite.seedEnvelope({
			files: [
				{ fileName: 'main.pdf', data: suite.emulator.samplePdf },
				{ fileName: 'annex.pdf', data: annexPdf() },
			],
		});
		const result = await run({
			operation: 'downloadSigned',
			documentId: envelope.documentId,
			options: { fileName: 'bundle.pdf' },
		});
		expect(result.items[0].json).toMatchObject({
			fileName: 'bundle.zip',
			mimeType: 'application/zip',
		});
		expect(result.items[0].binary?.data).toMatchObject({
			fileName: 'bundle.zip',
			fileExtension: 'zip',
		});
	});

	it('an empty File Name keeps the name the service gives', async () => {
		const envelope = suite.seedEnvelope({
			files: [{ fileName: 'lease.pdf', data: suite.emulator.samplePdf }],
		});
		const result = await run({
			operation: 'download',
			documentId: envelope.documentId,
			options: { fileName: '  ' },
		});
		expect(result.items[0].json.fileName).toBe('lease.pdf');
	});
});
