// Hosts as the WHATWG URL parser writes them (docs/security.md#links-a-model-gives-internal-addresses-ssrf).

// IANA's special-purpose registry.
const INTERNAL_IPV4 = (
	'0.0.0.0/8 10.0.0.0/8 100.64.0.0/10 127.0.0.0/8 169.254.0.0/16 172.16.0.0/12 192.0.0.0/24 192.0.2.0/24 ' +
	'192.88.99.0/24 192.168.0.0/16 198.18.0.0/15 198.51.100.0/24 203.0.113.0/24 224.0.0.0/4 240.0.0.0/4'
).split(' ');

// RFC 6761, RFC 8375, common use.
const INTERNAL_NAME_ENDINGS =
	'localhost local internal intranet lan home corp localdomain home.arpa'.split(' ');

function ipv4Number(text: string) {
	const parts = text.split('.');
	if (parts.length !== 4 || !parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255))
		return undefined;
	return parts.reduce((total, part) => total * 256 + Number(part), 0);
}

function isInternalIpv4(address: number) {
	return INTERNAL_IPV4.some((range) => {
		const [first, bits] = range.split('/');
		const size = 2 ** (32 - Number(bits));
		return Math.floor(address / size) === Math.floor((ipv4Number(first) as number) / size);
	});
}

function ipv6Groups(text: string) {
	if (text.length > 45 || !/^[0-9a-f:.]+$/i.test(text)) return undefined;
	let head = text;
	const tail: number[] = [];
	// No regex: linear whatever the text.
	const lastColon = text.lastIndexOf(':');
	if (text.includes('.', lastColon)) {
		const v4 = ipv4Number(text.slice(lastColon + 1));
		if (v4 === undefined) return undefined;
		tail.push(Math.floor(v4 / 65536), v4 % 65536);
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

function isInternalIpv6(groups: number[]) {
	const [a, b, c, d] = groups;
	if (groups.every((group) => group === 0)) return true;
	const prefix = groups
		.slice(0, 6)
		.map((group) => group.toString(16))
		.join(':');
	// IPv4-mapped, IPv4-compatible, SIIT, NAT64 and 6to4 carry an IPv4 address, which decides.
	if (['0:0:0:0:0:ffff', '0:0:0:0:0:0', '0:0:0:0:ffff:0', '64:ff9b:0:0:0:0'].includes(prefix))
		return isInternalIpv4(groups[6] * 65536 + groups[7]);
	if (a === 0x2002) return isInternalIpv4(b * 65536 + c);
	if (a === 0x64 && b === 0xff9b && c === 1) return true; // local-use NAT64 (RFC 8215)
	if (a === 0x100 && b === 0 && c === 0 && d === 0) return true; // discard-only
	if (a === 0x2001 && (b === 0 || b === 0xdb8)) return true; // Teredo (hides an IPv4 address), documentation
	if ((a & 0xfe00) === 0xfc00) return true; // unique local (fc00::/7)
	if ((a & 0xffc0) === 0xfe80 || (a & 0xffc0) === 0xfec0) return true; // link-local, old site-local
	return (a & 0xff00) === 0xff00; // multicast
}

export function internalAddressProblem(url: URL) {
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

export function isIpLiteral(url: URL) {
	return url.hostname.startsWith('[') || ipv4Number(url.hostname) !== undefined;
}

// An address that cannot be read (an IPv6 zone) is not reached.
export function internalIpProblem(address: string) {
	const v4 = ipv4Number(address);
	if (v4 !== undefined) return isInternalIpv4(v4) ? 'an internal IPv4 address' : undefined;
	const groups = ipv6Groups(address);
	return !groups || isInternalIpv6(groups) ? 'an internal IPv6 address' : undefined;
}
