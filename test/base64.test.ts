/**
 * The Base64 check and decoding behind every file input and every callback's files (nodes/ESignature/files/bytes.ts).
 * The check is a loop, not a regular expression (docs/n8n-notes.md#large-files): it must accept and refuse exactly
 * what the pattern /^[A-Za-z0-9+/]+={0,2}$/ with whole groups of four did, and do so on files of many megabytes.
 */
import { randomBytes } from 'node:crypto';

import { decodeBase64, isBase64, isStrictBase64 } from '../nodes/ESignature/files/bytes';

const pattern = (text: string) =>
	text.length > 0 && text.length % 4 === 0 && /^[A-Za-z0-9+/]+={0,2}$/.test(text);

describe('Base64', () => {
	it.each([
		['', false],
		['QQ==', true],
		['QUI=', true],
		['QUJD', true],
		['QUJDRA==', true],
		['====', false],
		['Q===', false],
		['QQ=A', false],
		['QUJ', false],
		['QUJDR', false],
		['QU JD', false],
		['QUJ-', false],
		['QUJ_', false],
		['ab+/', true],
		['AZaz09+/', true],
		['QUJDé===', false],
	])('%j is canonical Base64: %s', (text, expected) => {
		expect(isStrictBase64(text)).toBe(expected);
		expect(pattern(text)).toBe(expected);
	});

	it('agrees with the pattern on every short string over the alphabet, "=", and a few others', () => {
		const characters = ['A', 'z', '0', '+', '/', '=', '-', ' ', '\n'];
		const strings: string[] = [''];
		for (let length = 1; length <= 4; length++) {
			for (const prefix of strings.filter((s) => s.length === length - 1)) {
				for (const character of characters) strings.push(prefix + character);
			}
		}
		for (const text of strings) expect([text, isStrictBase64(text)]).toEqual([text, pattern(text)]);
	});

	it('checks and decodes a file of 20 MB, with line breaks, byte for byte', () => {
		const bytes = randomBytes(20 * 1024 * 1024 + 1);
		const text = bytes.toString('base64');
		expect(isStrictBase64(text)).toBe(true);
		expect(isStrictBase64(`${text.slice(0, -8)}!${text.slice(-7)}`)).toBe(false);
		const wrapped = Array.from({ length: Math.ceil(text.length / 76) }, (_, line) =>
			text.slice(line * 76, line * 76 + 76),
		).join('\r\n');
		expect(isBase64(wrapped)).toBe(true);
		expect(decodeBase64(wrapped)!.equals(bytes)).toBe(true);
		expect(decodeBase64(`data:application/pdf;base64,${text}`)!.equals(bytes)).toBe(true);
	});
});
