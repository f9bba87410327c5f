import { internalAddressProblem } from '../nodes/ESignature/files/download';

/**
 * The rule of what a link given to an AI tool may not reach (docs/security.md#links-a-model-gives-internal-addresses-ssrf),
 * on the host as n8n's HTTP client reads it: every written form of an internal address is refused, public ones are not.
 * The attacks themselves, through the routing engine, are in file-url-attacks.test.ts.
 */

const internal = [
	'http://127.0.0.1/',
	'http://0x7f000001/',
	'http://2130706433/',
	'http://0177.0.0.1/',
	'http://127.1/',
	'http://0x7f.1/',
	'http://１２７.０.０.１/',
	'http://169.254.169.254/latest',
	'http://10.1.2.3/',
	'http://172.31.0.1/',
	'http://192.168.1.1/',
	'http://100.64.0.1/',
	'http://0.0.0.0/',
	'http://224.0.0.1/',
	'http://255.255.255.255/',
	'http://[::1]/',
	'http://[::]/',
	'http://[fe80::1]/',
	'http://[fd00::1]/',
	'http://[fc00::1]/',
	'http://[::ffff:127.0.0.1]/',
	'http://[::ffff:7f00:1]/',
	'http://[::ffff:0:7f00:1]/',
	'http://[::ffff:0:a9fe:a9fe]/',
	'http://[::127.0.0.1]/',
	'http://[64:ff9b::a9fe:a9fe]/',
	'http://[2002:7f00:1::]/',
	'http://[2001::1]/',
	'http://[ff02::1]/',
	'http://localhost/',
	'http://localhost./',
	'http://a.localhost/',
	'http://metadata.google.internal/',
	'http://intranet/',
	'http://printer.local/',
	'http://nas.home.arpa/',
];
const publicHosts = [
	'https://example.com/x.pdf',
	'http://8.8.8.8/',
	'http://172.32.0.1/',
	'http://100.128.0.1/',
	'http://[::ffff:8.8.8.8]/',
	'http://[::ffff:0:808:808]/',
	'http://[2606:4700::1111]/',
	'http://[64:ff9b::808:808]/',
	'https://files.example.org./contract.pdf',
];

describe('internal addresses', () => {
	it.each(internal)('%s is internal', (link) => {
		expect(internalAddressProblem(new URL(link))).toEqual(expect.any(String));
	});
	it.each(publicHosts)('%s is public', (link) => {
		expect(internalAddressProblem(new URL(link))).toBeUndefined();
	});
});
