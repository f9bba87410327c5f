/** The E-Signature API credential's modal in n8n's editor (editor.e2e.test.ts): a new credential, filled in. */
import type { Locator, Page } from 'playwright-core';

import { byTestId, pickOption } from './browser';
import type { Stack } from './stack';

export interface CredentialModal {
	modal: Locator;
	fill(name: string, value: string): Promise<void>;
}

/** Opens a new E-Signature API credential, picks the grant and fills the emulator's demo account, then `values`. */
export async function newCredential(
	page: Page,
	stack: Stack,
	grant: string,
	values: Record<string, string> = {},
): Promise<CredentialModal> {
	const { emulator } = stack;
	await page.goto(`${stack.n8n.url}/home/credentials`);
	await page.locator(byTestId('add-resource-credential')).click();
	await page.keyboard.type('E-Signature');
	await page
		.locator(byTestId('new-credential-type-select-option'), { hasText: 'E-Signature API' })
		.click();
	await page.locator(byTestId('new-credential-type-button')).click();
	const modal = page.locator(byTestId('editCredential-modal'));
	await modal.waitFor();
	if (grant !== 'Integration') {
		await modal.locator(byTestId('parameter-input-grantType')).click();
		await pickOption(page, grant);
	}
	const fill = (name: string, value: string) =>
		modal.locator(`${byTestId(`parameter-input-${name}`)} input`).fill(value);
	const { clientId, clientSecret, username, password, accountId, accountSecret } = emulator.demo;
	const user = grant === 'Integration' ? { username, password, accountId, accountSecret } : {};
	const addresses = { baseUrl: emulator.url, authUrl: emulator.authUrl };
	const filled = { ...addresses, clientId, clientSecret, ...user, ...values };
	for (const [name, value] of Object.entries(filled)) await fill(name, value);
	return { modal, fill };
}
