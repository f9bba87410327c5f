import type { IDataObject } from 'n8n-workflow';

export interface StreamedList {
	/** Kept only when its JSON text is at most 1 KiB, like message. */
	errorCode?: unknown;
	message?: unknown;
	entries: number;
	/** Elements not handed over: over maxEntryBytes, not an object, unparsable, or refused by onEntry. */
	skipped: number;
	bytes: number;
}

const DEFAULT_MAX_ENTRY_BYTES = 64 * 1024;
const MAX_SCALAR_BYTES = 1024;
const MAX_KEY_BYTES = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;
const BOM = [0xef, 0xbb, 0xbf];

// The wrapper's members besides data that the result keeps.
const keptMember = (key: unknown): key is 'errorCode' | 'message' =>
	key === 'errorCode' || key === 'message';

const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

const endsScalar = (byte: number) =>
	isSpace(byte) || byte === COMMA || byte === CLOSE_LIST || byte === CLOSE_OBJECT || byte === COLON;

// Where the reader stands between values; inside one, a ValueScan reads the bytes.
const DOCUMENT = 0;
const KEY_OR_END = 1;
const KEY = 2;
const AFTER_KEY = 3;
const MEMBER = 4;
const AFTER_MEMBER = 5;
const ENTRY_OR_END = 6;
const ENTRY = 7;
const AFTER_ENTRY = 8;
const DONE = 9;

/** One JSON value read across chunks: its end found with a depth counter, its bytes kept while within a cap. */
class ValueScan {
	private depth: number;
	private inString: boolean;
	private escaped = false;
	private pieces: Buffer[] = [];
	private size = 0;
	private overflow = false;
	readonly first: number;
	// A number or a literal, which the end of the stream ends too.
	readonly scalar: boolean;

	constructor(
		chunk: Buffer,
		private start: number,
		private readonly cap: number,
	) {
		this.first = chunk[start];
		this.depth = this.first === OPEN_OBJECT || this.first === OPEN_LIST ? 1 : 0;
		this.inString = this.first === QUOTE;
		this.scalar = this.depth === 0 && !this.inString;
	}

	/** The index just past the value, or -1 when the chunk ends inside it (its bytes are then kept). */
	scan(chunk: Buffer, from: number): number {
		const length = chunk.length;
		let at = from;
		let end = -1;
		if (this.scalar) {
			while (at < length && !endsScalar(chunk[at])) at++;
			if (at < length) end = at;
		} else {
			let { depth, inString, escaped } = this;
			for (; at < length; at++) {
				const byte = chunk[at];
				if (inString) {
					if (escaped) escaped = false;
					else if (byte === BACKSLASH) escaped = true;
					else if (byte === QUOTE) {
						inString = false;
						if (depth === 0) {
							end = at + 1;
							break;
						}
					}
				} else if (byte === QUOTE) inString = true;
				else if (byte === OPEN_OBJECT || byte === OPEN_LIST) depth++;
				else if ((byte === CLOSE_OBJECT || byte === CLOSE_LIST) && --depth === 0) {
					end = at + 1;
					break;
				}
			}
			this.depth = depth;
			this.inString = inString;
			this.escaped = escaped;
		}
		const start = this.start;
		this.start = 0;
		if (this.overflow) return end;
		const piece = chunk.subarray(start, end < 0 ? length : end);
		this.size += piece.length;
		if (this.size > this.cap) {
			this.overflow = true;
			this.pieces = [];
		} else {
			// A copy when the value goes on, so that a piece does not hold its whole chunk.
			this.pieces.push(end < 0 ? Buffer.from(piece) : piece);
		}
		return end;
	}

	text(): string | undefined {
		if (this.overflow) return undefined;
		const pieces = this.pieces;
		this.pieces = [];
		return (pieces.length === 1 ? pieces[0] : Buffer.concat(pieces, this.size)).toString('utf8');
	}
}

function parsed(text: string | undefined): { value?: unknown } {
	if (text === undefined) return {};
	try {
		return { value: JSON.parse(text) as unknown };
	} catch {
		return {};
	}
}

/**
 * Reads the service's wrapper ({ errorCode, message, data: [...] }) or a bare list from a byte stream and hands each
 * element of the list that is an object to onEntry, holding at most one chunk and one entry.
 */
export async function eachListEntry(
	stream: AsyncIterable<Buffer | Uint8Array | string>,
	onEntry: (entry: IDataObject) => void,
	maxEntryBytes = DEFAULT_MAX_ENTRY_BYTES,
): Promise<StreamedList> {
	const result: StreamedList = { entries: 0, skipped: 0, bytes: 0 };
	let value!: ValueScan;
	let expect = DOCUMENT;
	let inValue = false;
	// The state after the value being read, which tells what it is.
	let after = AFTER_KEY;
	let key: unknown;
	let wrapped = false;
	let listSeen = false;
	let bomAt = 0;

	const unexpected = (byte: number, at: number, wanted: string): never => {
		const shown =
			byte >= 0x20 && byte < 0x7f
				? `"${String.fromCharCode(byte)}"`
				: `byte 0x${byte.toString(16)}`;
		throw new Error(
			`the delivery log is not JSON: ${shown} at byte ${result.bytes + at} where ${wanted} was expected`,
		);
	};

	const hand = (text: string | undefined) => {
		const entry = value.first === OPEN_OBJECT ? parsed(text).value : undefined;
		if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
			result.skipped++;
			return;
		}
		try {
			onEntry(entry as IDataObject);
			result.entries++;
		} catch {
			result.skipped++;
		}
	};

	const finish = () => {
		const text = value.text();
		if (after === AFTER_ENTRY) hand(text);
		else if (after === AFTER_KEY) key = parsed(text).value;
		else if (keptMember(key)) {
			const member = parsed(text);
			if ('value' in member) result[key] = member.value;
		}
		expect = after;
	};

	const scanValue = (chunk: Buffer, from: number) => {
		const end = value.scan(chunk, from);
		inValue = end < 0;
		if (inValue) return chunk.length;
		finish();
		return end;
	};

	const startValue = (chunk: Buffer, at: number, then: number, cap: number) => {
		after = then;
		value = new ValueScan(chunk, at, cap);
		return scanValue(chunk, value.scalar ? at : at + 1);
	};

	const endList = () => {
		listSeen = true;
		expect = wrapped ? AFTER_MEMBER : DONE;
	};

	const isValueStart = (byte: number) =>
		byte !== COMMA && byte !== COLON && byte !== CLOSE_LIST && byte !== CLOSE_OBJECT;

	// Returns where to go on in the chunk.
	const step = (chunk: Buffer, at: number): number => {
		const byte = chunk[at];
		switch (expect) {
			case DOCUMENT:
				if (byte === OPEN_OBJECT) {
					wrapped = true;
					expect = KEY_OR_END;
				} else if (byte === OPEN_LIST) expect = ENTRY_OR_END;
				else unexpected(byte, at, 'an object or a list');
				return at + 1;
			case KEY_OR_END:
			case KEY:
				if (byte === CLOSE_OBJECT && expect === KEY_OR_END) {
					expect = DONE;
					return at + 1;
				}
				if (byte !== QUOTE) unexpected(byte, at, 'a member name');
				return startValue(chunk, at, AFTER_KEY, MAX_KEY_BYTES);
			case AFTER_KEY:
				if (byte !== COLON) unexpected(byte, at, '":"');
				expect = MEMBER;
				return at + 1;
			case MEMBER:
				if (!isValueStart(byte)) unexpected(byte, at, 'a value');
				if (key === 'data' && byte === OPEN_LIST) {
					expect = ENTRY_OR_END;
					return at + 1;
				}
				return startValue(chunk, at, AFTER_MEMBER, keptMember(key) ? MAX_SCALAR_BYTES : 0);
			case AFTER_MEMBER:
				if (byte === COMMA) expect = KEY;
				else if (byte === CLOSE_OBJECT) expect = DONE;
				else unexpected(byte, at, '"," or "}"');
				return at + 1;
			case ENTRY_OR_END:
			case ENTRY:
				if (byte === CLOSE_LIST && expect === ENTRY_OR_END) {
					endList();
					return at + 1;
				}
				if (!isValueStart(byte)) unexpected(byte, at, 'a list element');
				return startValue(chunk, at, AFTER_ENTRY, maxEntryBytes);
			case AFTER_ENTRY:
				if (byte === COMMA) expect = ENTRY;
				else if (byte === CLOSE_LIST) endList();
				else unexpected(byte, at, '"," or "]"');
				return at + 1;
			default:
				return unexpected(byte, at, 'nothing more');
		}
	};

	for await (const raw of stream) {
		const chunk =
			typeof raw === 'string'
				? Buffer.from(raw, 'utf8')
				: Buffer.isBuffer(raw)
					? raw
					: Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
		let at = 0;
		while (bomAt < BOM.length && at < chunk.length && result.bytes + at === bomAt)
			if (chunk[at] === BOM[bomAt]) {
				bomAt++;
				at++;
			} else bomAt = BOM.length;
		while (at < chunk.length) {
			if (inValue) at = scanValue(chunk, at);
			else if (isSpace(chunk[at])) at++;
			else at = step(chunk, at);
		}
		result.bytes += chunk.length;
	}

	if (inValue && value.scalar) {
		inValue = false;
		finish();
	}
	if (expect === DONE) return result;
	if (result.bytes === 0) throw new Error('the delivery log is empty');
	throw new Error(`the delivery log ended before ${listSeen ? 'it was' : 'its list was'} complete`);
}
