/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * ZIP archive writer (store method only). The live service answers a signed
 * download of a multi-file envelope with a ZIP, so the emulator must too.
 */
import { crc32 } from 'node:zlib';

export interface ZipEntry {
	name: string;
	data: Buffer;
}

/** MS-DOS date and time fields used by the ZIP headers. */
function dosDateTime(date: Date): { time: number; date: number } {
	return {
		time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
		date:
			((Math.max(date.getFullYear(), 1980) - 1980) << 9) |
			((date.getMonth() + 1) << 5) |
			date.getDate(),
	};
}

/** Entry names must be unique inside an archive: repeated names get a numeric suffix. */
function uniqueNames(entries: ZipEntry[]): string[] {
	const seen = new Map<string, number>();
	return entries.map(({ name }) => {
		const count = seen.get(name) ?? 0;
		seen.set(name, count + 1);
		if (count === 0) return name;
		const dot = name.lastIndexOf('.');
		return dot > 0 ? `${name.slice(0, dot)} (${count})${name.slice(dot)}` : `${name} (${count})`;
	});
}

export function createZip(entries: ZipEntry[], modified = new Date()): Buffer {
	const { time, date } = dosDateTime(modified);
	const names = uniqueNames(entries);
	const locals: Buffer[] = [];
	const centrals: Buffer[] = [];
	let offset = 0;
	entries.forEach((entry, i) => {
		const name = Buffer.from(names[i], 'utf8');
		const crc = crc32(entry.data);
		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(20, 4); // version needed
		local.writeUInt16LE(0x0800, 6); // flag: names are UTF-8
		local.writeUInt16LE(0, 8); // method: store
		local.writeUInt16LE(time, 10);
		local.writeUInt16LE(date, 12);
		local.writeUInt32LE(crc, 14);
		local.writeUInt32LE(entry.data.length, 18);
		local.writeUInt32LE(entry.data.length, 22);
		local.writeUInt16LE(name.length, 26);
		local.writeUInt16LE(0, 28);
		locals.push(local, name, entry.data);

		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(20, 4); // version made by
		central.writeUInt16LE(20, 6); // version needed
		central.writeUInt16LE(0x0800, 8);
		central.writeUInt16LE(0, 10);
		central.writeUInt16LE(time, 12);
		central.writeUInt16LE(date, 14);
		central.writeUInt32LE(crc, 16);
		central.writeUInt32LE(entry.data.length, 20);
		central.writeUInt32LE(entry.data.length, 24);
		central.writeUInt16LE(name.length, 28);
		// extra length, comment length, disk, internal and external attributes stay 0
		central.writeUInt32LE(offset, 42);
		centrals.push(central, name);
		offset += local.length + name.length + entry.data.length;
	});
	const centralSize = centrals.reduce((n, b) => n + b.length, 0);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(entries.length, 8);
	end.writeUInt16LE(entries.length, 10);
	end.writeUInt32LE(centralSize, 12);
	end.writeUInt32LE(offset, 16);
	return Buffer.concat([...locals, ...centrals, end]);
}

/** Reads a stored-method archive back (used by the tests; verifies CRCs). */
export function readZip(archive: Buffer): ZipEntry[] {
	const endAt = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
	if (endAt < 0) throw new Error('Not a ZIP archive');
	const count = archive.readUInt16LE(endAt + 10);
	let at = archive.readUInt32LE(endAt + 16);
	const entries: ZipEntry[] = [];
	for (let i = 0; i < count; i++) {
		if (archive.readUInt32LE(at) !== 0x02014b50) throw new Error('Bad central directory');
		const crc = archive.readUInt32LE(at + 16);
		const size = archive.readUInt32LE(at + 20);
		const nameLength = archive.readUInt16LE(at + 28);
		const extraLength = archive.readUInt16LE(at + 30);
		const commentLength = archive.readUInt16LE(at + 32);
		const localAt = archive.readUInt32LE(at + 42);
		const name = archive.subarray(at + 46, at + 46 + nameLength).toString('utf8');
		const dataAt =
			localAt + 30 + archive.readUInt16LE(localAt + 26) + archive.readUInt16LE(localAt + 28);
		const data = archive.subarray(dataAt, dataAt + size);
		if (crc32(data) !== crc) throw new Error(`CRC mismatch in ${name}`);
		entries.push({ name, data: Buffer.from(data) });
		at += 46 + nameLength + extraLength + commentLength;
	}
	return entries;
}
