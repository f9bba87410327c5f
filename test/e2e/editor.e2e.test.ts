/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * What users see, checked in a real browser: Debian's Chromium drives the editor of the end-to-end n8n (one n8n, one
 * browser for the whole file) with our packed package, the emulator, a ready credential and the example workflows.
 *
 * - the node picker finds both nodes by "signature", with every operation under the name the node gives it;
 * - the action node's panel: operations by name, the Webhook picker naming the trigger it belongs to, the service's
 *   workflow fields, Simplify, and a download's File Name;
 * - the trigger's panel: its notice and test help, and a test event sent in one step (the emulator's test-event
 *   link) arriving with the signed PDF; its subtitle on the canvas;
 * - the credential modal for both grants, with n8n's connection test passing, and failing for a wrong secret with
 *   a message naming the fields to fix;
 * - an example workflow executed from the editor, with its output in the output panel;
 * - the HTTP Request node offering the credential as a predefined credential type;
 * - the README's quick start from an empty canvas, by the pickers: a published trigger workflow, then Manual Trigger →
 *   HTTP Request (the emulator's sample PDF) → Create From Files (pinned to that trigger) → Send and Get Links, run;
 *   the signing link of its output opened and signed on the emulator's page; a Get Status added after the invitations,
 *   run, showing the envelope completed; the trigger's execution with the PDF;
 * - the output schema (nodes/ESignature/__schema__/) of an E-Signature node that has not run, listed in the next node's
 *   input panel, and one of its fields dragged into an expression.
 * - the Webhook picker with an n8n API key of this n8n in the credential: an unpublished trigger and one whose webhook
 *   the service lost listed with what to do, and a saved pick of the lost webhook marked out of date.
 *
 * Screenshots go to .tmp/editor-screenshots/ (ESIG_SCREENSHOTS_DIR); with ESIG_README_IMAGES=1 the README's
 * pictures in docs/images/ are taken again.
 */
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { INodePropertyOptions } from 'n8n-workflow';

import { ESignature } from '../../nodes/ESignature/ESignature.node';
import {
	byTestId,
	openBrowser,
	openOptions,
	pickOption,
	signIn,
	scrollToText,
	waitForText,
	type Browser,
} from './browser';
import { newCredential } from './credential-modal';
import { nodeOutput, sleep } from './n8n';
import {
	CREDENTIAL_TYPE,
	emulatorCredentialData,
	loadExamples,
	NODE_TYPE,
	rebaseExampleFiles,
	type Stack,
	startStack,
	TRIGGER_TYPE,
} from './stack';

/** A workflow's name as the Webhook picker shows it: quoted, cut at 40 characters (methods/listSearch.ts). */
const pickerName = (name: string) => `"${name.length > 40 ? `${name.slice(0, 39)}…` : name}"`;

jest.setTimeout(120_000);

/** The credential name the examples and `npm run dev` use. */
const CREDENTIAL_NAME = 'E-Signature account';

/** Every operation's picker text (`action`), as the node declares it. */
const declaredActions = new ESignature().description.properties
	.filter((property) => property.name === 'operation')
	.flatMap((property) =>
		(property.options as INodePropertyOptions[]).map((option) => String(option.action)),
	);

describe('the editor, in a real browser', () => {
	let stack: Stack;
	let browser: Browser;
	const examples = loadExamples();
	const triggerExamples = examples.filter((e) =>
		e.workflow.nodes.some((node) => node.type === TRIGGER_TYPE),
	);

	beforeAll(async () => {
		[stack, browser] = await Promise.all([
			startStack({
				tarball: process.env.ESIG_E2E_TARBALL,
				credentialName: CREDENTIAL_NAME,
				workflows: ({ filesDir, emulator }) => {
					writeFileSync(join(filesDir, 'contract.pdf'), emulator.samplePdf);
					return examples.map((e) => rebaseExampleFiles(e.workflow, filesDir));
				},
				activate: triggerExamples.map((e) => e.workflow.id),
			}),
			openBrowser(),
		]);
		// n8n registers the webhooks of active workflows just after it reports ready.
		const deadline = Date.now() + 30_000;
		while (stack.emulator.webhooks().length < triggerExamples.length && Date.now() < deadline)
			await sleep(200);
		await signIn(browser.page, stack.n8n);
	}, 240_000);

	afterAll(async () => {
		await browser?.close();
		await stack?.stop();
	});

	// What the page showed at the end of each test, for a failure's diagnosis.
	let testNumber = 0;
	afterEach(async () => {
		testNumber += 1;
		await browser?.screenshot(`after-test-${testNumber}`).catch(() => undefined);
	});

	const page = () => browser.page;
	const ndv = () => page().locator(byTestId('ndv'));

	async function newWorkflow(): Promise<void> {
		await page().goto(`${stack.n8n.url}/workflow/new`);
		await page().locator(byTestId('canvas-add-button')).waitFor();
	}

	/** Opens the node picker of an empty workflow, types "signature" and opens our entry. */
	async function openOurEntry() {
		await page().locator(byTestId('canvas-add-button')).click();
		await page().keyboard.type('signature');
		const creator = page().locator(byTestId('node-creator'));
		await creator.locator(byTestId('node-creator-item-name'), { hasText: /^E-Signature$/ }).click();
		await waitForText(creator, /Triggers \(\d+\)/);
		return creator;
	}

	/** The stack's credential in the open panel: n8n preselects the newest one, and other tests add some. */
	async function chooseCredential(): Promise<void> {
		await ndv().locator(byTestId('node-credentials-select')).click();
		await page()
			.locator(byTestId(`node-credentials-select-item-${stack.credential.id}`))
			.click();
		expect(
			await ndv()
				.locator(`${byTestId('node-credentials-select')} input`)
				.inputValue(),
		).toBe(CREDENTIAL_NAME);
	}

	test('the node picker finds both nodes by "signature", every operation named as the node names it', async () => {
		await newWorkflow();
		await page().locator(byTestId('canvas-add-button')).click();
		await page().keyboard.type('signature');
		const creator = page().locator(byTestId('node-creator'));
		const entry = creator.locator(byTestId('node-creator-item-name'), { hasText: /^E-Signature$/ });
		await entry.waitFor();
		// n8n shows an action node and its trigger as one entry, with the trigger's description.
		await waitForText(creator, 'start workflows when they are signed or rejected');
		await entry.click();

		await waitForText(creator, 'Triggers (3)');
		await creator.locator(byTestId('node-creator-category-item'), { hasText: /^Actions/ }).click();
		await waitForText(creator, `Actions (${declaredActions.length})`);
		await waitForText(creator, declaredActions[0]);
		await browser.screenshot('picker', creator, { readme: true });

		// The list draws only what is in view: a page tall enough shows every entry.
		await page().setViewportSize({ width: 1280, height: 3000 });
		try {
			await waitForText(creator, 'Update a webhook');
			const shown = await creator.locator(byTestId('node-creator-item-name')).allInnerTexts();
			const triggers = ['On any event', 'On envelope completed', 'On envelope rejected'];
			expect(shown.filter((name) => triggers.includes(name))).toEqual(triggers);
			expect(shown.filter((name) => !triggers.includes(name)).sort()).toEqual(
				[...declaredActions].sort(),
			);
		} finally {
			await page().setViewportSize({ width: 1280, height: 800 });
		}
	});

	test('the action node panel: operations by name, the Webhook picker, the service workflow fields, Simplify, File Name', async () => {
		await newWorkflow();
		const creator = await openOurEntry();
		await creator.locator(byTestId('node-creator-category-item'), { hasText: /^Actions/ }).click();
		await creator
			.locator(byTestId('node-creator-item-name'), { hasText: 'Create an envelope from files' })
			.click();
		await ndv().waitFor();
		await chooseCredential();
		expect(
			await ndv()
				.locator(`${byTestId('parameter-input-operation')} input`)
				.inputValue(),
		).toBe('Create From Files');
		await ndv().locator(byTestId('parameter-input-simplify')).waitFor();

		// The account default webhook is the trigger example's: the picker says whose it is.
		const [registered] = stack.emulator.webhooks();
		const triggerId = new URL(registered.webhookUrl).pathname.split('/')[2];
		// Why a trigger may be missing from the list, said under the picker.
		await waitForText(ndv(), 'Trigger not listed? Publish its workflow first');
		await ndv()
			.locator(`${byTestId('resource-locator-webhookId')} ${byTestId('rlc-input')}`)
			.click();
		const webhooks = page().locator(`${byTestId('rlc-item')}:visible`);
		await webhooks.first().waitFor();
		const owner = triggerExamples.find((e) =>
			e.workflow.nodes.some((node) => node.webhookId === triggerId),
		)!;
		expect(await webhooks.allInnerTexts()).toEqual([
			`${pickerName(owner.workflow.name)} · webhook ${registered.id.slice(0, 8)} · account default · n8n trigger ${triggerId.slice(0, 8)} at ${new URL(stack.n8n.url).host}`,
		]);
		await browser.screenshot('node-panel', ndv(), { readme: true });
		await page().keyboard.press('Escape');
		await ndv()
			.locator(byTestId('parameter-input-operation'))
			.click({ position: { x: 5, y: 5 } });
		const createOperations = await openOptions(page());
		expect(createOperations).toEqual(
			expect.arrayContaining([
				'Create From Files',
				'Create From Base64',
				'Create From Base64 List',
			]),
		);
		await page().keyboard.press('Escape');

		await ndv().locator(byTestId('collection-parameter-add')).first().click();
		const fields = page().locator(`${byTestId('collection-parameter-option')}:visible`);
		await fields.first().waitFor();
		expect(await fields.allInnerTexts()).toEqual(
			expect.arrayContaining([
				'Service Workflow ID',
				'Service External Workflow',
				'Reference Number',
			]),
		);
		await page().keyboard.press('Escape');

		// Document: four downloads told apart by name, and a file name of one's own.
		await ndv().locator(byTestId('parameter-input-resource')).click();
		await pickOption(page(), /^Document$/);
		await ndv().locator(byTestId('parameter-input-operation')).click();
		// n8n adds "Custom API Call" to a node whose credential the HTTP Request node can use; it only shows a note
		// pointing to that node (docs/n8n-notes.md#editor-credential-types).
		expect(await openOptions(page())).toEqual([
			'Download Completed PDF',
			'Download Current PDF',
			'Download Original',
			'Download Signed',
			'Custom API Call',
		]);
		await pickOption(page(), 'Download Completed PDF');
		await ndv()
			.locator(`${byTestId('collection-parameter-add')}:visible`)
			.last()
			.click();
		await page()
			.locator(`${byTestId('collection-parameter-option')}:visible`, { hasText: 'File Name' })
			.click();
		await ndv().locator(byTestId('parameter-input-fileName')).waitFor();
		await browser.screenshot('node-panel-download');
	});

	test('the trigger panel: short notice, how to test it, and a test event sent in one step arrives with the signed PDF', async () => {
		await newWorkflow();
		const creator = await openOurEntry();
		await creator
			.locator(byTestId('node-creator-item-name'), { hasText: 'On envelope completed' })
			.click();
		await ndv().waitFor();
		await chooseCredential();
		await waitForText(ndv(), 'choose this workflow in the Webhook list');
		// The one instruction: deactivation and large files are the options' and the docs' to say.
		expect(await ndv().textContent()).not.toContain('N8N_PAYLOAD_SIZE_MAX');
		await waitForText(ndv(), 'Test with a signing event');
		await waitForText(ndv(), 'test the trigger');
		await browser.screenshot('trigger-panel', ndv());

		await ndv().locator(byTestId('trigger-execute-button')).click();
		await waitForText(ndv(), 'Listening for test event');
		// The canvas says how to send an event while the trigger listens.
		await page().locator(byTestId('ndv-close-button')).click();
		const node = page().locator(byTestId('canvas-node'), { hasText: 'E-Signature Trigger' });
		await waitForText(node, 'Open the test-event link');
		// The one step: the link `npm run dev` prints, opened in another tab.
		const tab = await browser.context.newPage();
		// As npm run dev's emulator and the real service answer: Get Status names the documents (the file comes).
		stack.emulator.setProfile('live');
		await tab.goto(`${stack.emulator.url}/_emulator/test-event`);
		// A browser gets a page: what was sent in a sentence, and the JSON a script gets in <pre id="answer">.
		await waitForText(tab.locator('body'), 'event of envelope');
		const sent = JSON.parse(await tab.locator('pre#answer').innerText());
		expect(await tab.locator('body').innerText()).toContain(
			`event of envelope ${sent.envelopeId} was sent to ${sent.webhookUrl}: delivered (HTTP 200).`,
		);
		stack.emulator.setProfile('spec');
		await tab.close();
		expect(sent).toMatchObject({
			ok: true,
			event: 'completed',
			delivered: true,
			httpStatusCode: 200,
		});
		expect(sent.webhookUrl).toContain('/webhook-test/');

		await node.locator(byTestId('canvas-node-status-success')).waitFor();
		await node.dblclick();
		const output = ndv().locator(byTestId('output-panel'));
		await waitForText(output, '1 item');
		await output.locator(byTestId('radio-button-json')).click();
		// The reference number is one the service does not confirm: under callbackClaims, near the item's end.
		await scrollToText(page(), output, sent.referenceNumber);
		const json = await output.innerText();
		expect(json).toContain('callbackClaims');
		expect(json).toMatch(/"filesConfirmed":\s*true/);
		expect(json).not.toContain('ReferencNumber');
		await output.locator(byTestId('radio-button-binary')).click();
		await waitForText(output, 'file_0');
		await waitForText(output, 'contract.pdf');
		await waitForText(output, 'application/pdf');
		await page()
			.locator('.el-notification__closeBtn:visible')
			.first()
			.click({ timeout: 2_000 })
			.catch(() => undefined);
		await browser.screenshot('trigger-execution', ndv(), { readme: true });

		await page().locator(byTestId('ndv-close-button')).click();
		await waitForText(node, 'Completed');
		expect(await node.innerText()).not.toContain('Events:');
		// Listening ended: the test registration is gone from the service.
		const deadline = Date.now() + 10_000;
		while (
			stack.emulator.webhooks().some((w) => w.webhookUrl.includes('/webhook-test/')) &&
			Date.now() < deadline
		)
			await sleep(200);
		expect(
			stack.emulator.webhooks().filter((w) => w.webhookUrl.includes('/webhook-test/')),
		).toEqual([]);
	});

	test.each([
		['Integration', 'integration'],
		['Client Credentials', 'client-credentials'],
	])(
		'the credential modal, %s grant: n8n tests the connection successfully',
		async (grant, file) => {
			const { emulator } = stack;
			const { modal, fill } = await newCredential(page(), stack, grant);
			// The credential's test lists the webhooks (docs/service-api.md#token-grants).
			const testsBefore = emulator.requestsTo('GET', '/api/v1/webhooks').length;
			await modal.locator(byTestId('credential-save-button')).click();
			await waitForText(modal, 'Connection tested successfully');
			expect(emulator.requestsTo('GET', '/api/v1/webhooks').length).toBeGreaterThan(testsBefore);
			await browser.screenshot(`credential-${file}`, modal);

			// The same credential with a wrong secret fails n8n's test.
			await fill('clientSecret', 'not-the-secret');
			await modal.locator(byTestId('credential-save-button')).click();
			await waitForText(modal, 'Couldn’t connect with these settings');
			await page().keyboard.press('Escape');
		},
	);

	const NEITHER_PAIR =
		/Check Client ID and Client Secret, and Account ID and Account Secret: the service accepted neither pair\./;
	// The client pair alone once a credential of these IDs got a token in this n8n (the stack's, at start).
	const BOTH_PAIRS_OR_CLIENT = new RegExp(
		`${NEITHER_PAIR.source}|Check Client ID and Client Secret\\.`,
	);
	test.each([
		['Integration', 'clientSecret', BOTH_PAIRS_OR_CLIENT],
		['Integration', 'clientId', NEITHER_PAIR],
		['Client Credentials', 'clientSecret', /Check Client ID and Client Secret\./],
		['Integration', 'password', /Check Password\./],
	])(
		'the credential modal, %s grant, a wrong %s: More details names the field to fix',
		async (grant, field, names) => {
			const { modal } = await newCredential(page(), stack, grant, { [field]: 'not-the-secret' });
			await modal.locator(byTestId('credential-save-button')).click();
			await waitForText(modal, 'Couldn’t connect with these settings');
			await modal.getByText('More details').click();
			// n8n's banner shows the credential test's message under its headline.
			const details = modal.locator('[class*="_details_"]').first();
			await details.waitFor();
			const shown = await details.innerText();
			process.stderr.write(`[editor] ${grant}, wrong ${field}: ${shown}\n`);
			expect(shown).toMatch(names);
			expect(shown).not.toContain('not-the-secret');
			await browser.screenshot(`credential-refused-${grant.replace(/ /g, '-')}-${field}`, modal);
			await page().keyboard.press('Escape');
		},
	);

	test('an example executed from the editor shows its output: invitations with named values', async () => {
		await page().goto(`${stack.n8n.url}/workflow/esigExample3Bulk`);
		await page().locator(byTestId('execute-workflow-button')).click();
		const invite = page().locator(byTestId('canvas-node'), { hasText: 'Invite Signer' });
		await invite.locator(byTestId('canvas-node-status-success')).waitFor({ timeout: 60_000 });
		await invite.dblclick();
		const output = ndv().locator(byTestId('output-panel'));
		await waitForText(output, '3 items');
		await output.locator(byTestId('radio-button-json')).click();
		// The panel renders the first items (it draws only what is in view).
		await waitForText(output, 'jane@example.com');
		const json = await output.innerText();
		// Simplify: the roles and statuses by name, not the service's numbers.
		expect(json).toContain('"Signer"');
		expect(json).toContain('"Pending"');
		expect(json).not.toMatch(/"destinationType":\s*1\b/);
		await browser.screenshot('example-output', ndv());
	});

	// n8n's editor lists only credential types whose `authenticate` survives as JSON
	// (docs/n8n-notes.md#editor-credential-types).
	test('the HTTP Request node offers "E-Signature API" under Authentication → Predefined Credential Type', async () => {
		await newWorkflow();
		await page().locator(byTestId('canvas-add-button')).click();
		await page().keyboard.type('HTTP Request');
		await page()
			.locator(byTestId('node-creator-item-name'), { hasText: /^HTTP Request$/ })
			.first()
			.click();
		await ndv().waitFor();
		await ndv().locator(byTestId('parameter-input-authentication')).click();
		await pickOption(page(), 'Predefined Credential Type');
		await ndv().locator(byTestId('parameter-input-nodeCredentialType')).click();
		await page().keyboard.type('E-Signature');
		expect(await openOptions(page())).toContain('E-Signature API');
		await browser.screenshot('http-request', ndv());
	});

	/** Adds a node after the last one, by the canvas's + and the picker, as a user extends a workflow. */
	async function addAfterLast(
		search: string,
		name: string | RegExp,
		ourAction = false,
	): Promise<void> {
		await page().locator(byTestId('canvas-handle-plus')).last().click();
		await page().keyboard.type(search);
		const creator = page().locator(byTestId('node-creator'));
		if (ourAction) {
			await creator
				.locator(byTestId('node-creator-item-name'), { hasText: /^E-Signature$/ })
				.click();
			const action = creator.locator(byTestId('node-creator-item-name'), { hasText: name });
			// The actions are shown at once, or under their category's heading.
			await action
				.or(creator.locator(byTestId('node-creator-category-item'), { hasText: /^Actions/ }))
				.first()
				.waitFor();
			if (!(await action.isVisible()))
				await creator
					.locator(byTestId('node-creator-category-item'), { hasText: /^Actions/ })
					.click();
			await action.click();
		} else {
			await creator.locator(byTestId('node-creator-item-name'), { hasText: name }).first().click();
		}
	}

	const fillField = (name: string, value: string) =>
		ndv()
			.locator(byTestId(`parameter-input-${name}`))
			.locator(byTestId('parameter-input-field'))
			.fill(value);

	// The README's quick start, built from an empty canvas by the editor's own pickers; its pictures are taken here.
	test('the quick start: a trigger workflow, a sending workflow built from the pickers, signed on the emulator’s page, its envelope found by a Get Status after the invitations', async () => {
		const { emulator, n8n } = stack;
		// 1. A workflow that receives signed documents, published.
		await newWorkflow();
		const creator = await openOurEntry();
		await creator
			.locator(byTestId('node-creator-item-name'), { hasText: 'On envelope completed' })
			.click();
		await ndv().waitFor();
		await chooseCredential();
		await page().locator(byTestId('ndv-close-button')).click();
		const before = new Set(emulator.webhooks().map((w) => w.id));
		await page().locator(byTestId('workflow-open-publish-modal-button')).click();
		await page().locator(byTestId('workflow-publish-button')).click();
		await waitForText(page().locator(byTestId('workflow-open-publish-modal-button')), 'Published');
		const triggerWorkflowId = new URL(page().url()).pathname.split('/')[2];
		const deadline = Date.now() + 20_000;
		while (!emulator.webhooks().some((w) => !before.has(w.id)) && Date.now() < deadline)
			await sleep(200);
		const webhook = emulator.webhooks().find((w) => !before.has(w.id))!;
		const triggerPath = new URL(webhook.webhookUrl).pathname.split('/')[2];

		// 2. A workflow that sends a document: Manual Trigger → HTTP Request (the sample PDF) → Create From Files →
		// Send and Get Links.
		await newWorkflow();
		await page().locator(byTestId('canvas-add-button')).click();
		await page().keyboard.type('manual');
		await page().locator(byTestId('node-creator-item-name'), { hasText: 'Manual Trigger' }).click();
		await addAfterLast('HTTP Request', /^HTTP Request$/);
		await ndv().waitFor();
		await fillField('url', `${emulator.url}/sample/contract.pdf`);
		await page().locator(byTestId('ndv-close-button')).click();
		await addAfterLast('signature', 'Create an envelope from files', true);
		await ndv().waitFor();
		await chooseCredential();
		await ndv()
			.locator(`${byTestId('resource-locator-webhookId')} ${byTestId('rlc-input')}`)
			.click();
		const pick = page().locator(`${byTestId('rlc-item')}:visible`, {
			hasText: `n8n trigger ${triggerPath.slice(0, 8)}`,
		});
		// The label starts with its workflow and the ID the create's output names in eventsTo ("webhook <id>").
		expect(await pick.innerText()).toMatch(
			new RegExp(`^"[^"]+" · webhook ${webhook.id.slice(0, 8)} · `),
		);
		await pick.click();
		await browser.screenshot('quick-start-create', ndv(), { readme: true });
		await page().locator(byTestId('ndv-close-button')).click();
		await addAfterLast('signature', 'Send invitations and get signing links', true);
		await ndv().waitFor();
		await chooseCredential();
		// Document ID starts as the previous node's documentId, as the README says: nothing to type.
		await expect(
			ndv().locator(byTestId('parameter-input-documentId')).innerText(),
		).resolves.toContain('$json.documentId');
		await ndv().locator(byTestId('fixed-collection-add')).click();
		await fillField('name', 'Jane Doe');
		await fillField('email', 'jane@example.com');
		await page().locator(byTestId('ndv-close-button')).click();

		// 3. Run it, open the signing link of its output, sign; then a Get Status after the invitations.
		await page().locator(byTestId('execute-workflow-button')).click();
		const send = page().locator(byTestId('canvas-node'), {
			hasText: 'Send invitations and get signing links',
		});
		await send.locator(byTestId('canvas-node-status-success')).waitFor({ timeout: 60_000 });
		await page()
			.locator('.el-notification__closeBtn:visible')
			.first()
			.click({ timeout: 2_000 })
			.catch(() => undefined);
		await page().keyboard.press('Shift+Alt+T'); // tidy up, then fit the view
		await page().keyboard.press('1');
		await browser.screenshot('quick-start-workflow', undefined, { readme: true });
		await send.dblclick();
		const output = ndv().locator(byTestId('output-panel'));
		await output.locator(byTestId('radio-button-json')).click();
		await waitForText(output, 'invitationLink');
		const link = /http:\/\/127\.0\.0\.1:\d+\/sign\/[0-9a-f-]+\/[0-9a-f-]+/.exec(
			await output.innerText(),
		)?.[0];
		expect(link).toBeDefined();
		await page().locator(byTestId('ndv-close-button')).click();
		// The create's output names the webhook by the ID the picked label ended with.
		await page()
			.locator(byTestId('canvas-node'), { hasText: 'Create an envelope from files' })
			.dblclick();
		await output.locator(byTestId('radio-button-json')).click();
		await waitForText(output, `"eventsTo": "webhook ${webhook.id}"`);
		await page().locator(byTestId('ndv-close-button')).click();
		const signing = await browser.context.newPage();
		try {
			await signing.goto(link!);
			await waitForText(signing.locator('body'), 'Jane Doe');
			await browser.screenshot('quick-start-signing-page', signing.locator('body'), {
				readme: true,
			});
			// As the real service answers (npm run dev's form): Get Status names the documents, so the file comes.
			emulator.setProfile('live');
			await signing.getByRole('button', { name: 'Sign' }).click();
			await waitForText(signing.locator('body'), 'You signed this envelope.');
		} finally {
			await signing.close();
		}
		const envelope = emulator.state.findDocumentAnywhere(
			new URL(link!).pathname.split('/')[2],
		)!.envelope;
		expect(envelope.status).toBe('Completed');
		expect(envelope.webhookId).toBe(webhook.id);
		// The invitations' output carries the create's envelopeId: an Envelope → Get Status after it finds the envelope.
		await addAfterLast('signature', 'Get the status of an envelope', true);
		await ndv().waitFor();
		await chooseCredential();
		await expect(
			ndv().locator(byTestId('parameter-input-envelopeId')).innerText(),
		).resolves.toContain('$json.envelopeId');
		await ndv().locator(byTestId('node-execute-button')).click();
		await output.locator(byTestId('radio-button-json')).click();
		await waitForText(output, `"envelopeId": "${envelope.envelopeId}"`);
		await waitForText(output, '"status": "Completed"');
		await browser.screenshot('quick-start-get-status', ndv());
		await page().locator(byTestId('ndv-close-button')).click();

		// 4. The trigger fired: one execution with the completed envelope and the signed PDF, shown in its Executions.
		const [execution] = await n8n.waitForExecutions(triggerWorkflowId, 1);
		emulator.setProfile('spec');
		const [item] = nodeOutput(execution, 'E-Signature Trigger');
		expect(item.json).toMatchObject({ envelopeId: envelope.envelopeId, event: 'completed' });
		expect(item.binary?.file_0).toMatchObject({
			fileName: 'contract.pdf',
			mimeType: 'application/pdf',
		});
		await page().goto(`${n8n.url}/workflow/${triggerWorkflowId}/executions`);
		await waitForText(page().locator(byTestId('current-executions-list')), 'Succeeded');
		await page()
			.locator(byTestId('canvas-node'), { hasText: 'E-Signature Trigger' })
			.first()
			.waitFor()
			.catch(() => undefined);
		await browser.screenshot('quick-start-trigger', undefined, { readme: true });
	}, 300_000);
	test('a node after an E-Signature node that has not run lists its output fields, and one drags into an expression', async () => {
		const nodeId = 'f0c0a1e2-5c3d-4b7a-9e1f-00000000e5c2';
		const workflow = await stack.addWorkflow({
			id: 'esigSchemaPreview',
			name: 'Schema preview',
			nodes: [
				{
					id: 'f0c0a1e2-5c3d-4b7a-9e1f-00000000e5c0',
					name: 'Start',
					type: 'n8n-nodes-base.manualTrigger',
					typeVersion: 1,
					position: [0, 0],
					parameters: {},
				},
				{
					id: 'f0c0a1e2-5c3d-4b7a-9e1f-00000000e5c1',
					name: 'Envelope Status',
					type: 'n8n-nodes-esignature.eSignature',
					typeVersion: 1,
					position: [220, 0],
					parameters: {
						resource: 'envelope',
						operation: 'getStatus',
						envelopeId: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
					},
					credentials: { eSignatureApi: { id: stack.credential.id, name: CREDENTIAL_NAME } },
				},
				{
					id: nodeId,
					name: 'Edit Fields',
					type: 'n8n-nodes-base.set',
					typeVersion: 3.4,
					position: [440, 0],
					parameters: {},
				},
			],
			connections: {
				Start: { main: [[{ node: 'Envelope Status', type: 'main', index: 0 }]] },
				'Envelope Status': { main: [[{ node: 'Edit Fields', type: 'main', index: 0 }]] },
			},
		});
		await page().goto(`${stack.n8n.url}/workflow/${workflow.id}/${nodeId}`);
		const input = ndv().locator(byTestId('ndv-input-panel'));
		// The fields of envelope/getStatus.json, before anything ran (n8n fetches /schemas/<node>/1.0.0/envelope/getStatus.json).
		const field = (name: string) =>
			input
				.locator(byTestId('run-data-schema-item'))
				.locator('span')
				.filter({ hasText: new RegExp(`^${name}$`) })
				.first();
		for (const name of ['envelopeId', 'status', 'createdAt', 'signers'])
			await field(name).waitFor();
		// Nothing ran: the service was never asked for that envelope.
		expect(stack.emulator.requestsTo('GET', /3f2504e0-4f89-11d3-9a0c-0305e82c3301/)).toHaveLength(
			0,
		);
		await browser.screenshot('schema-preview', ndv());

		// Dragged onto Edit Fields' drop area, a field becomes an assignment whose value is its expression.
		const source = await field('envelopeId').boundingBox();
		const target = await ndv().locator(byTestId('assignment-collection-drop-area')).boundingBox();
		await page().mouse.move(source!.x + source!.width / 2, source!.y + source!.height / 2);
		await page().mouse.down();
		await page().mouse.move(source!.x + source!.width / 2 + 20, source!.y + source!.height / 2, {
			steps: 5,
		});
		await page().mouse.move(target!.x + target!.width / 2, target!.y + target!.height / 2, {
			steps: 20,
		});
		await page().mouse.up();
		const assignment = ndv().locator(byTestId('assignment')).first();
		expect(await assignment.locator(`${byTestId('assignment-name')} input`).inputValue()).toBe(
			'envelopeId',
		);
		await waitForText(assignment.locator(byTestId('assignment-value')), '{{ $json.envelopeId }}');
	});

	test('the Webhook picker with an n8n API Key: an unpublished trigger says to publish it, a lost webhook’s pick is out of date', async () => {
		const { emulator, n8n } = stack;
		const host = new URL(n8n.url).host;
		// The user adds an API key of this n8n to the credential (a second one here: the other tests list without).
		const keyed = await n8n.rest('POST', '/credentials', {
			name: 'E-Signature with n8n API key',
			type: CREDENTIAL_TYPE,
			data: { ...emulatorCredentialData(emulator), n8nApiKey: n8n.apiKey },
		});
		const credentials = {
			[CREDENTIAL_TYPE]: { id: keyed.id, name: 'E-Signature with n8n API key' },
		};
		const [example] = triggerExamples;
		const exampleTrigger = example.workflow.nodes.find((node) => node.type === TRIGGER_TYPE)!;
		const triggerWorkflow = (name: string, webhookId: string) => ({
			name,
			nodes: [{ ...exampleTrigger, id: randomUUID(), webhookId, credentials }],
			connections: {},
		});

		// Saved, never published: the service has no webhook for it.
		const draftTrigger = randomUUID();
		await n8n.createWorkflow(triggerWorkflow('Contracts (draft)', draftTrigger));
		// Published, then the service lost its webhook.
		const lostTrigger = randomUUID();
		const lostWorkflow = await n8n.createWorkflow(triggerWorkflow('Lost webhook', lostTrigger));
		await n8n.activate(lostWorkflow);
		const deadline = Date.now() + 20_000;
		let lost = emulator.webhooks().find((w) => w.webhookUrl.includes(lostTrigger));
		while (!lost && Date.now() < deadline) {
			await sleep(200);
			lost = emulator.webhooks().find((w) => w.webhookUrl.includes(lostTrigger));
		}
		expect(lost).toBeDefined();
		const lostLabel = `"Lost webhook" · webhook ${lost!.id.slice(0, 8)} · n8n trigger ${lostTrigger.slice(0, 8)} at ${host}`;
		// A sending workflow saved with that webhook picked, as the picker stored it.
		const sending = await n8n.createWorkflow({
			name: 'Sends with a lost webhook',
			nodes: [
				{
					id: randomUUID(),
					name: 'Create an envelope from files',
					type: NODE_TYPE,
					typeVersion: 1,
					position: [0, 0],
					parameters: {
						resource: 'envelope',
						operation: 'create',
						webhookId: { __rl: true, mode: 'list', value: lost!.id, cachedResultName: lostLabel },
					},
					credentials,
				},
			],
			connections: {},
		});
		const account = emulator.state.account(emulator.demo.accountId)!;
		account.webhooks = account.webhooks.filter((w) => w.id !== lost!.id);

		await page().goto(`${n8n.url}/workflow/${sending}`);
		await page()
			.locator(byTestId('canvas-node'), { hasText: 'Create an envelope from files' })
			.dblclick();
		await ndv().waitFor();
		await ndv()
			.locator(`${byTestId('resource-locator-webhookId')} ${byTestId('rlc-input')}`)
			.click();
		const entries = page().locator(`${byTestId('rlc-item')}:visible`);
		await entries.first().waitFor();
		// The pick shows at once, the list's answer after it.
		const listDeadline = Date.now() + 20_000;
		while ((await entries.count()) < 2 && Date.now() < listDeadline) await sleep(200);
		const texts = await entries.allInnerTexts();
		// n8n's list puts the pick first; it says it is out of date instead of looking current.
		expect(texts[0]).toBe(`Out of date, pick again: ${lostLabel}`);
		expect(texts.slice(1)).toEqual(
			expect.arrayContaining([
				`"Lost webhook" · no webhook at the service: publish its workflow again · n8n trigger ${lostTrigger.slice(0, 8)}`,
				`"Contracts (draft)" · not published: publish its workflow first · n8n trigger ${draftTrigger.slice(0, 8)}`,
			]),
		);
		// n8n shows the pick first; the list's own answer starts with the account default.
		expect(texts[1]).toMatch(/^"[^"]+" · webhook [0-9a-f]{8} · account default · /);
		// Every registered trigger by its workflow, then the ID a create names in eventsTo.
		for (const webhook of emulator.webhooks().filter((w) => w.webhookUrl.includes('/webhook/'))) {
			const triggerId = new URL(webhook.webhookUrl).pathname.split('/')[2];
			const owner = triggerExamples.find((e) =>
				e.workflow.nodes.some((node) => node.webhookId === triggerId),
			);
			if (owner)
				expect(
					texts.some(
						(text) =>
							text.startsWith(
								`${pickerName(owner.workflow.name)} · webhook ${webhook.id.slice(0, 8)} · `,
							) && text.includes(`n8n trigger ${triggerId.slice(0, 8)} at ${host}`),
					),
				).toBe(true);
		}
		await browser.screenshot('webhook-picker-unpublished', ndv());
		await entries.filter({ hasText: 'Contracts (draft)' }).click();
		expect(
			await ndv()
				.locator(`${byTestId('resource-locator-webhookId')} ${byTestId('rlc-input')}`)
				.inputValue(),
		).toMatch(/^"Contracts \(draft\)" · not published: publish its workflow first/);
		await page().locator(byTestId('ndv-close-button')).click();
	});
});
