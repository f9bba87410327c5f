/**
 * Minimal PDF writing: enough to produce real, viewer-openable documents for the
 * fixtures and to make "signed" bytes that differ visibly from the originals.
 */

/** PDF literal string for ASCII text (used in content streams with a standard font). */
function literal(text: string): string {
	const ascii = text.replace(/[^\x20-\x7e]/g, '?');
	return `(${ascii.replace(/([\\()])/g, '\\$1')})`;
}

/** PDF text string that keeps any Unicode (Arabic names included): UTF-16BE with BOM, hex form. */
function textString(text: string): string {
	const units: string[] = ['FEFF'];
	for (let i = 0; i < text.length; i++)
		units.push(text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase());
	return `<${units.join('')}>`;
}

const xrefEntry = (offset: number): string => `${String(offset).padStart(10, '0')} 00000 n \n`;

/** A one-page Letter-size PDF with one line of Helvetica text per entry of `lines`. */
export function buildPdf(lines: string[], title = 'Document'): Buffer {
	const content = ['BT', '/F1 14 Tf', '72 720 Td', '18 TL']
		.concat(lines.map((line, i) => `${i === 0 ? '' : 'T* '}${literal(line)} Tj`))
		.concat('ET')
		.join('\n');
	const objects = [
		'<< /Type /Catalog /Pages 2 0 R >>',
		'<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
		'<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
		'<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
		`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
		`<< /Title ${textString(title)} /Producer (esignature-emulator) >>`,
	];
	// The binary comment line tells transfer tools the file is binary (PDF 1.7, 7.5.2).
	let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
	const offsets: number[] = [];
	objects.forEach((body, i) => {
		offsets.push(Buffer.byteLength(out, 'latin1'));
		out += `${i + 1} 0 obj\n${body}\nendobj\n`;
	});
	const xrefOffset = Buffer.byteLength(out, 'latin1');
	out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map(xrefEntry).join('')}`;
	out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
	return Buffer.from(out, 'latin1');
}

export const SIGNED_MARKER = 'esignature-emulator-signed';

/**
 * "Signs" a PDF: appends an incremental update whose /Info dictionary lists the
 * signers, so the original bytes are preserved as a prefix (as with real PDF
 * signatures) and the result still opens. Deterministic, so tests can compare
 * downloaded bytes with `signedPdf(original, names)`. A PDF whose trailer cannot
 * be found is replaced by a freshly generated page that names the signers.
 */
export function signedPdf(original: Buffer, signerNames: string[]): Buffer {
	const text = original.toString('latin1');
	const last = <T>(re: RegExp, map: (m: RegExpMatchArray) => T): T | undefined => {
		const all = [...text.matchAll(re)];
		return all.length ? map(all[all.length - 1]) : undefined;
	};
	const prev = last(/startxref\s+(\d+)/g, (m) => Number(m[1]));
	const root = last(/\/Root\s+(\d+\s+\d+)\s+R/g, (m) => m[1]);
	const size = last(/\/Size\s+(\d+)/g, (m) => Number(m[1]));
	const summary = `Signed by ${signerNames.join(', ') || 'nobody'}`;
	if (prev === undefined || root === undefined || size === undefined) {
		return buildPdf(['Signed document', ...signerNames.map((n) => `Signed by ${n}`)], summary);
	}
	const head =
		original[original.length - 1] === 0x0a
			? original
			: Buffer.concat([original, Buffer.from('\n')]);
	const infoNumber = size;
	let update =
		`${infoNumber} 0 obj\n<< /Title ${textString('Signed document')} /Subject ${textString(summary)}` +
		` /Keywords (${SIGNED_MARKER}) /Producer (esignature-emulator)` +
		` /Signers [${signerNames.map(textString).join(' ')}] >>\nendobj\n`;
	const xrefOffset = head.length + Buffer.byteLength(update, 'latin1');
	update += `xref\n0 1\n0000000000 65535 f \n${infoNumber} 1\n${xrefEntry(head.length)}`;
	update += `trailer\n<< /Size ${infoNumber + 1} /Root ${root} R /Info ${infoNumber} 0 R /Prev ${prev} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
	return Buffer.concat([head, Buffer.from(update, 'latin1')]);
}

/** The signer names recorded by signedPdf, for assertions (undefined when not signed by the emulator). */
export function pdfSigners(pdf: Buffer): string[] | undefined {
	const text = pdf.toString('latin1');
	const matches = [...text.matchAll(/\/Signers \[([^\]]*)\]/g)];
	if (!matches.length) return undefined;
	const hexes = [...matches[matches.length - 1][1].matchAll(/<FEFF([0-9A-F]*)>/g)];
	return hexes.map((h) => {
		let s = '';
		for (let i = 0; i < h[1].length; i += 4)
			s += String.fromCharCode(parseInt(h[1].slice(i, i + 4), 16));
		return s;
	});
}
