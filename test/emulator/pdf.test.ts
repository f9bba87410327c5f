/**
 * The sample PDF the emulator serves and the "signed" bytes it makes (pdf.ts).
 */
import { pdfSigners } from './pdf';
import { emu, useEmulator } from './testing';

useEmulator();

describe('fixture PDF and signed bytes', () => {
	/** Every classic xref entry must point at "N 0 obj". */
	function checkXref(pdf: Buffer): void {
		const text = pdf.toString('latin1');
		for (const section of text.matchAll(/xref\n((?:\d+ \d+\n(?:\d{10} \d{5} [nf] \n)+)+)/g)) {
			const lines = section[1].split('\n').filter(Boolean);
			let number = 0;
			for (const line of lines) {
				const header = /^(\d+) (\d+)$/.exec(line);
				if (header) {
					number = Number(header[1]);
					continue;
				}
				const [offset, , type] = line.trim().split(' ');
				if (type === 'n')
					expect(text.slice(Number(offset), Number(offset) + 20)).toMatch(
						new RegExp(`^${number} 0 obj`),
					);
				number += 1;
			}
		}
		const startxref = Number([...text.matchAll(/startxref\n(\d+)/g)].pop()![1]);
		expect(text.slice(startxref, startxref + 4)).toBe('xref');
	}

	it('is a valid one-page PDF', () => {
		expect(emu.samplePdf.subarray(0, 5).toString()).toBe('%PDF-');
		expect(emu.samplePdf.toString('latin1')).toContain('/Count 1');
		checkXref(emu.samplePdf);
	});

	it('signedPdf appends a valid incremental update naming the signers', () => {
		const signed = emu.signedPdf(emu.samplePdf, ['Ali Alsaeed', 'سارة']);
		expect(signed.subarray(0, emu.samplePdf.length).equals(emu.samplePdf)).toBe(true);
		expect(signed.length).toBeGreaterThan(emu.samplePdf.length);
		expect(pdfSigners(signed)).toEqual(['Ali Alsaeed', 'سارة']);
		expect(pdfSigners(emu.samplePdf)).toBeUndefined();
		checkXref(signed);
		expect(emu.signedPdf(emu.samplePdf, ['A']).equals(emu.signedPdf(emu.samplePdf, ['A']))).toBe(
			true,
		);
	});
});
