/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
import { readdirSync, readFileSync, statSync } from 'fs';
import { join } from 'path';
import type { IHttpRequestOptions } from 'n8n-workflow';
import * as ts from 'typescript';

import { ESignatureApi } from '../credentials/ESignatureApi.credentials';
import { baseUrlOf } from '../credentials/environment';
import { withoutLeadingSlashes, withoutTrailingSlashes } from '../credentials/text';
import { triggerSuite } from './harness/trigger';

/**
 * One long URL must not block n8n (docs/security.md#long-inputs-and-regexes): `/\/+$/` takes time quadratic in a run of slashes
 * followed by anything else (100,000 of them: about 30 s of n8n's only thread). Each place that trimmed slashes so is given 100,000 and must be
 * right; none is timed (speed belongs in benchmarks), but on the old code each takes long enough to fail by timeout.
 */

const SLASHES = '/'.repeat(100_000);

describe('slashes are trimmed by loops', () => {
	it('trailing and leading runs of 100,000 slashes', () => {
		expect(withoutTrailingSlashes(`https://api.esign.test${SLASHES}`)).toBe(
			'https://api.esign.test',
		);
		expect(withoutTrailingSlashes(`${SLASHES}x${SLASHES}`)).toBe(`${SLASHES}x`);
		expect(withoutTrailingSlashes(SLASHES)).toBe('');
		expect(withoutLeadingSlashes(`${SLASHES}api/v1`)).toBe('api/v1');
		expect(withoutLeadingSlashes('api/')).toBe('api/');
	});
});

describe("the credential's URLs", () => {
	const credentials = {
		environment: 'production',
		baseUrl: 'https://api.esign.test',
		accessToken: 'the-token',
	};

	it('a Base URL of 100,000 slashes is refused by its length, before any parsing', () => {
		expect(() =>
			baseUrlOf({ ...credentials, baseUrl: `https://api.esign.test${SLASHES}` }),
		).toThrow(/^Base URL is too long: 100022 characters, at most 2048$/);
	});

	it('a request whose base URL ends in 100,000 slashes is signed for the base URL without them', async () => {
		const signed = await new ESignatureApi().authenticate(credentials, {
			baseURL: `https://api.esign.test${SLASHES}`,
			url: '/api/v1/webhooks',
			method: 'GET',
		} as IHttpRequestOptions);
		expect(signed).toMatchObject({ baseURL: 'https://api.esign.test', url: '/api/v1/webhooks' });
	});
});

describe('a webhook URL the service lists with 100,000 trailing slashes', () => {
	const suite = triggerSuite();

	it("is the trigger's own URL: the leftover is replaced, leaving exactly one webhook", async () => {
		const trigger = await suite.activeTrigger();
		const [listed] = suite.emulator.webhooks();
		listed.webhookUrl = `${listed.webhookUrl}${SLASHES}`;
		trigger.staticData = {};

		await trigger.activate('init');

		expect(suite.emulator.webhooks()).toHaveLength(1);
		expect(suite.emulator.webhooks()[0].id).toBe(trigger.webhookId);
		expect(suite.emulator.webhooks()[0].webhookUrl.endsWith('/webhook')).toBe(true);
	});

	it('with a character after the slashes (the slow case of /\\/+$/) is another URL: left alone', async () => {
		const trigger = await suite.activeTrigger();
		const [listed] = suite.emulator.webhooks();
		const other = `${listed.webhookUrl}${SLASHES}x`;
		listed.webhookUrl = other;
		trigger.staticData = {};

		await trigger.activate('init');

		expect(suite.emulator.webhooks().map((webhook) => webhook.webhookUrl === other)).toEqual([
			true,
			false,
		]);
		expect(suite.emulator.webhooks()[1].id).toBe(trigger.webhookId);
	});
});

/** Every .ts file under a folder. */
function sources(folder: string): string[] {
	return readdirSync(folder).flatMap((name) => {
		const path = join(folder, name);
		return statSync(path).isDirectory() ? sources(path) : path.endsWith('.ts') ? [path] : [];
	});
}

/**
 * Regexes of the quadratic shape: not anchored at the start, and a repeated part right before the end anchor (e.g.
 * `/\/+$/`, `/\s*$/`), in any alternative. Such a regex is tried at every position of a long run and scans the run
 * from each.
 */
function quadraticShape(pattern: string): boolean {
	return pattern
		.split('|')
		.some(
			(alternative) => !alternative.startsWith('^') && /(?:[+*]|\{\d+,\})\)*\$$/.test(alternative),
		);
}

/** Regexes of that shape that only ever meet text of a length checked first, with where it is checked. */
const BOUNDED: Record<string, string> = {
	// None today. An entry reads 'path: /regex/': 'function: at most N characters'.
};

describe('no regex of that shape in shipped code', () => {
	it('the shape is recognised', () => {
		expect(['\\/+$', '\\s*$', '(a+)$', 'x{2,}$', '^a|b+$'].map(quadraticShape)).toEqual([
			true,
			true,
			true,
			true,
			true,
		]);
		expect(['^\\d+$', '^\\.*$', '\\.[a-z]{1,5}$', '^"|"$'].map(quadraticShape)).toEqual([
			false,
			false,
			false,
			false,
		]);
	});

	it('in nodes/ and credentials/, regex literals and regexes written in expressions', () => {
		const found: string[] = [];
		for (const file of [...sources('nodes'), ...sources('credentials')]) {
			const source = ts.createSourceFile(
				file,
				readFileSync(file, 'utf8'),
				ts.ScriptTarget.Latest,
				true,
			);
			const visit = (node: ts.Node): void => {
				if (ts.isRegularExpressionLiteral(node)) {
					const pattern = node.text.slice(1, node.text.lastIndexOf('/'));
					if (quadraticShape(pattern) && !Object.hasOwn(BOUNDED, `${file}: ${node.text}`))
						found.push(`${file}: ${node.text}`);
				} else if (ts.isStringLiteralLike(node) && /[+*]\$\//.test(node.text)) {
					// A regex in an n8n expression, such as a credential's test request.
					found.push(`${file}: ${node.text}`);
				}
				ts.forEachChild(node, visit);
			};
			visit(source);
		}
		expect(found).toEqual([]);
	});
});
