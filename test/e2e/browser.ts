/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * A real browser for the editor suite (editor.e2e.test.ts): Debian's Chromium driven by playwright-core, headless,
 * with a fresh profile. Nothing is downloaded: playwright-core ships no browser, and CI installs Debian's package
 * (`apt-get install -y chromium` in .ci/run).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';

import type { N8nInstance } from './n8n';
import { REPO_ROOT } from './provision';

/** The binary of Debian's `chromium` package. */
export const CHROMIUM = '/usr/bin/chromium';

/** Where the suite saves its screenshots (git-ignored); ESIG_SCREENSHOTS_DIR moves them. */
export const SCREENSHOTS_DIR =
	process.env.ESIG_SCREENSHOTS_DIR ?? join(REPO_ROOT, '.tmp', 'editor-screenshots');

/** The README's pictures, rewritten only when asked (ESIG_README_IMAGES=1): they are committed. */
export const README_IMAGES_DIR = join(REPO_ROOT, 'docs', 'images');

const ARGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];

export interface Browser {
	context: BrowserContext;
	page: Page;
	/** Saves a screenshot of the page, or of one element, as SCREENSHOTS_DIR/<name>.png (and in docs/images when asked). */
	screenshot(name: string, target?: Locator, opts?: { readme?: boolean }): Promise<string>;
	close(): Promise<void>;
}

export async function openBrowser(): Promise<Browser> {
	if (!existsSync(CHROMIUM)) {
		throw new Error(
			`${CHROMIUM} is missing: install Debian's Chromium (apt-get install -y chromium), as .ci/run does`,
		);
	}
	const profile = mkdtempSync(join(tmpdir(), 'esig-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: ARGS,
		viewport: { width: 1280, height: 800 },
		deviceScaleFactor: 1,
	});
	context.setDefaultTimeout(20_000);
	const page = context.pages()[0] ?? (await context.newPage());
	mkdirSync(SCREENSHOTS_DIR, { recursive: true });
	return {
		context,
		page,
		async screenshot(name, target, { readme = false } = {}) {
			const path = join(SCREENSHOTS_DIR, `${name}.png`);
			await (target ?? page).screenshot({ path, animations: 'disabled' });
			if (readme && process.env.ESIG_README_IMAGES) {
				mkdirSync(README_IMAGES_DIR, { recursive: true });
				await (target ?? page).screenshot({
					path: join(README_IMAGES_DIR, `${name}.png`),
					animations: 'disabled',
				});
			}
			return path;
		},
		async close() {
			await context.close();
			rmSync(profile, { recursive: true, force: true });
		},
	};
}

/** Signs in to n8n's editor as its owner, through the sign-in form. */
export async function signIn(page: Page, n8n: N8nInstance): Promise<void> {
	await page.goto(`${n8n.url}/signin`);
	await page.locator('input[type=email]').first().fill(n8n.owner.email);
	await page.locator('input[type=password]').first().fill(n8n.owner.password);
	await page.keyboard.press('Enter');
	await page.waitForURL((url) => !url.pathname.startsWith('/signin'));
}

/** n8n's test IDs. */
export const byTestId = (id: string) => `[data-test-id="${id}"]`;

/**
 * Waits until the element shows the text: an element inside it with that text is visible (n8n keeps hidden messages
 * in the page, such as a credential test's success).
 */
export async function waitForText(target: Locator, text: string | RegExp): Promise<void> {
	await target.getByText(text).first().waitFor({ state: 'visible' });
}

/**
 * Scrolls a panel with the mouse wheel, as a user does, until a text shows: n8n renders only the visible lines of a
 * long JSON output.
 */
export async function scrollToText(page: Page, panel: Locator, text: string): Promise<void> {
	const target = panel.getByText(text).first();
	for (let turn = 0; turn < 40 && !(await target.isVisible()); turn++) {
		await panel.hover();
		await page.mouse.wheel(0, 300);
		await page.waitForTimeout(100);
	}
	await target.waitFor({ state: 'visible' });
}

/** Picks an option in the open dropdown of an n8n select (Element Plus renders it at the end of the page). */
export async function pickOption(page: Page, text: string | RegExp): Promise<void> {
	await page.locator('.el-select-dropdown__item:visible', { hasText: text }).first().click();
}

/** The names of the options of the open dropdown. */
export async function openOptions(page: Page): Promise<string[]> {
	const options = page.locator('.el-select-dropdown__item:visible');
	await options.first().waitFor();
	return (await options.allInnerTexts()).map((text) => text.split('\n')[0].trim());
}
