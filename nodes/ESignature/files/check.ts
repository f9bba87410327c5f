import type { UploadFile } from './document';
import { inputError } from '../fields/validation';
import type { ItemFunctions } from '../service/itemFunctions';

// Readers accept "%PDF-" in the first 1,024 bytes (Adobe's implementation notes).
export const PDF_HEADER_WITHIN = 1024;

function looksLike(start: Buffer) {
	const hex = start.subarray(0, 4).toString('hex');
	if (hex.startsWith('89504e47')) return 'is a PNG image';
	if (hex.startsWith('ffd8ff')) return 'is a JPEG image';
	if (hex.startsWith('47494638')) return 'is a GIF image';
	if (hex === '504b0304') return 'is a ZIP archive (Word and Excel files are ZIP archives too)';
	if (/^[\t\n\r\x20-\x7e]*$/.test(start.toString('latin1'))) return 'is plain text';
	return 'does not start with the PDF header %PDF-';
}

// The service takes PDFs only, whatever the MIME type says.
export function requirePdf<File extends UploadFile>(
	context: ItemFunctions,
	file: File,
	fieldLabel: string,
) {
	const name = file.fileName ? ` "${file.fileName}"` : '';
	if (file.size() === 0)
		throw inputError(context, `${fieldLabel}: the file${name} is empty (0 bytes)`);
	const start = file.start(PDF_HEADER_WITHIN);
	if (!start.includes('%PDF-', 0, 'latin1'))
		throw inputError(
			context,
			`${fieldLabel}: the file${name} is not a PDF: it ${looksLike(start)}`,
			'The service takes PDF documents only. Convert the file to PDF first.',
		);
	return file;
}
