import type { DocumentFile } from './document';
import { documentFile } from './document';
import { decodeBase64, detectMimeType } from './bytes';
import { inputError, kindOf, requireText } from '../fields/validation';
import type { ItemFunctions } from '../service/itemFunctions';

/** File Input → Base64 Text: a document from its Base64 text, its type read from the bytes (named by the caller). */
export function readBase64File(
	context: ItemFunctions,
	value: unknown,
	fieldLabel: string,
): DocumentFile {
	const bytes = requireBase64Bytes(context, value, fieldLabel);
	return documentFile(bytes, '', detectMimeType(bytes).mimeType);
}

/** The bytes of a required Base64 field, decoded strictly, so a typo fails here and not as a corrupt document. */
export function requireBase64Bytes(
	context: ItemFunctions,
	value: unknown,
	fieldLabel: string,
): Buffer {
	if (value !== undefined && value !== null && typeof value !== 'string') {
		throw inputError(context, `${fieldLabel} must be Base64 text, got ${kindOf(value)}`);
	}
	// A document as Base64 is as long as the document: no text length limit applies. Line breaks are Base64's own.
	const bytes = decodeBase64(
		requireText(context, value, fieldLabel, Number.MAX_SAFE_INTEGER, 'multi'),
	);
	if (!bytes?.length) {
		throw inputError(
			context,
			`${fieldLabel} is not valid Base64`,
			'Give the content encoded as Base64 (letters, digits, +, / and = padding), optionally with a data: URL prefix.',
		);
	}
	return bytes;
}

/** A required Base64 field, checked strictly and returned canonical. */
export function requireBase64(context: ItemFunctions, value: unknown, fieldLabel: string): string {
	return requireBase64Bytes(context, value, fieldLabel).toString('base64');
}
