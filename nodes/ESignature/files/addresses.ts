/*
 * What a link given to an AI tool may not reach (docs/security.md#links-a-model-gives-internal-addresses-ssrf). Hosts
 * are read as the WHATWG URL parser (and n8n's HTTP client) reads them: every IPv4 form becomes dotted decimal, IPv6
 * compressed, so one reading of each address is checked.
 */

/** IPv4 ranges that are not the public internet (IANA special-purpose registry), as [first address, prefix length]. */
const INTERNAL_IPV4: ReadonlyArray<readonly [string, number]> = [
	['0.0.0.0', 8], // "this network"
	['10.0.0.0', 8], // private (RFC 1918)
	['100.64.0.0', 10], // carrier-grade NAT (RFC 6598)
	['127.0.0.0', 8], // loopback
	['169.254.0.0', 16], // link-local, with the cloud metadata service at 169.254.169.254
	['172.16.0.0', 12], // private
	['192.0.0.0', 24], // IETF protocol assignments
	['192.0.2.0', 24], // documentation
	['192.88.99.0', 24], // 6to4 relay
	['192.168.0.0', 16], // private
	['198.18.0.0', 15], // benchmarking
	['198.51.100.0', 24], // documentation
	['203.0.113.0', 24], // documentation
	['224.0.0.0', 4], // multicast
	['240.0.0.0', 4], // reserved, and the broadcast address
];

/** Host names that name the machine or a local network, never a public host (RFC 6761, RFC 8375, common use). */
const INTERNAL_NAME_ENDINGS =
	'localhost local internal intranet lan home corp localdomain home.arpa'.split(' ');

/** Dotted-decimal IPv4 as a 32-bit number, or undefined for anything else. */
function ipv4Number(text: string): number | undefined {
	const parts = text.split('.');
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255))
		return undefined;
	return parts.reduce((total, part) => total * 256 + Number(part), 0);
}

function isInternalIpv4(address: number): boolean {
	return INTERNAL_IPV4.some(([first, bits]) => {
		const size = 2 ** (32 - bits);
		return Math.floor(address / size) === Math.floor((ipv4Number(first) as number) / size);
	});
}

/** An IPv6 address (without brackets) as its eight 16-bit groups, or undefined when it is not one. */
function ipv6Groups(text: string): number[] | undefined {
	if (text.length > 45 || !/^[0-9a-f:.]+$/i.test(text)) return undefined;
	let head = text;
	const tail: number[] = [];
	// An IPv4 part at the end, after the last ":" (no regex: a string split, linear whatever the text).
	const lastColon = text.lastIndexOf(':');
	if (text.includes('.', lastColon)) {
		const v4 = ipv4Number(text.slice(lastColon + 1));
		if (v4 === undefined) return undefined;
		tail.push(Math.floor(v4 / 65536), v4 % 65536);
		// "::1.2.3.4" keeps its "::"; "::ffff:1.2.3.4" drops the ":" before the IPv4 part.
		head = text.slice(0, lastColon);
		if (head.endsWith(':')) head += ':';
	}
	const halves = head.split('::');
	if (halves.length > 2) return undefined;
	const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
	const left = groupsOf(halves[0]);
	const right = halves.length === 2 ? groupsOf(halves[1]) : [];
	if (![...left, ...right].every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
	const given = left.length + right.length + tail.length;
	if (halves.length === 1 ? given !== 8 : given > 7) return undefined;
	const zeros = new Array<number>(8 - given).fill(0);
	return [
		...left.map((group) => parseInt(group, 16)),
		...zeros,
		...right.map((group) => parseInt(group, 16)),
		...tail,
	];
}

function isInternalIpv6(groups: number[]): boolean {
	const [a, b, c, d, e, f, g, h] = groups;
	// The unspecified address (::) connects to the machine's own listeners.
	if (groups.every((group) => group === 0)) return true;
	const embedded = g * 65536 + h;
	// Addresses that carry an IPv4 address: IPv4-mapped (::ffff:0:0/96), IPv4-compatible (::/96, with :: and ::1),
	// NAT64 (64:ff9b::/96) and 6to4 (2002::/16): the IPv4 address decides.
	if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0 && (f === 0xffff || f === 0))
		return isInternalIpv4(embedded);
	// IPv4-translated (SIIT, ::ffff:0:0:0/96): ::ffff:0:7f00:1 is 127.0.0.1.
	if (a === 0 && b === 0 && c === 0 && d === 0 && e === 0xffff && f === 0)
		return isInternalIpv4(embedded);
	if (a === 0x64 && b === 0xff9b && c === 0 && d === 0 && e === 0 && f === 0)
		return isInternalIpv4(embedded);
	if (a === 0x2002) return isInternalIpv4(b * 65536 + c);
	if (a === 0x64 && b === 0xff9b && c === 1) return true; // local-use NAT64 (RFC 8215)
	if (a === 0x100 && b === 0 && c === 0 && d === 0) return true; // discard-only
	if (a === 0x2001 && (b === 0 || b === 0xdb8)) return true; // Teredo (hides an IPv4 address), documentation
	if ((a & 0xfe00) === 0xfc00) return true; // unique local (fc00::/7)
	if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true; // link-local, old site-local
	return (a & 0xff00) === 0xff00; // multicast
}

/**
 * Why a URL's host is internal (an internal IP, a local name, a name without a dot, which a resolver completes with
 * the local domain), or undefined; what a name resolves to is checked by internalIpProblem (files/download.ts).
 */
export function internalAddressProblem(url: URL): string | undefined {
	const host = url.hostname.toLowerCase().replace(/\.$/, '');
	if (host.startsWith('[')) {
		const groups = ipv6Groups(host.slice(1, -1));
		return !groups || isInternalIpv6(groups) ? 'an internal IPv6 address' : undefined;
	}
	const v4 = ipv4Number(host);
	if (v4 !== undefined) return isInternalIpv4(v4) ? 'an internal IPv4 address' : undefined;
	if (!host.includes('.')) return 'a name without a domain, which only a local network resolves';
	const internalName = INTERNAL_NAME_ENDINGS.some(
		(ending) => host === ending || host.endsWith(`.${ending}`),
	);
	return internalName ? 'a name of the machine or of a local network' : undefined;
}

/** Whether a URL's host is an IP address, which needs no lookup (the WHATWG parser wrote every IPv4 form as dotted). */
export function isIpLiteral(url: URL): boolean {
	return url.hostname.startsWith('[') || ipv4Number(url.hostname) !== undefined;
}

/** Why a resolved address is internal, or undefined; one that cannot be read (an IPv6 zone) is not reached. */
export function internalIpProblem(address: string): string | undefined {
	const v4 = ipv4Number(address);
	if (v4 !== undefined) return isInternalIpv4(v4) ? 'an internal IPv4 address' : undefined;
	const groups = ipv6Groups(address);
	return !groups || isInternalIpv6(groups) ? 'an internal IPv6 address' : undefined;
}
