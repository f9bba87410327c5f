import { type IDataObject, type ILoadOptionsFunctions, NodeOperationError } from 'n8n-workflow';

import { credentialsOf } from '../service/transport';
import { withoutTrailingSlashes } from '../../../credentials/text';
import { NODE_TYPES } from '../fields/builderHints';
import { isPlainObject } from '../fields/json';

// A node sees no other workflow: n8n's public API does (docs/security.md#the-n8n-api-key).

const PAGE_SIZE = 250;
const MAX_PAGES = 20;

const triggersIn = (nodes: unknown) =>
	(Array.isArray(nodes) ? nodes : []).filter(
		(node): node is IDataObject =>
			isPlainObject(node) && node.type === NODE_TYPES.trigger && typeof node.webhookId === 'string',
	);
const idOf = (trigger: IDataObject) => String(trigger.webhookId).toLowerCase();

function triggersOf(workflow: IDataObject) {
	const active = workflow.activeVersion as IDataObject | null | undefined;
	// n8n 1.x has no versions: there the saved workflow is what runs when it is active.
	const running = active ? active.nodes : workflow.active === true ? workflow.nodes : [];
	const publishedIds = new Set(
		triggersIn(running)
			.filter((node) => node.disabled !== true)
			.map(idOf),
	);
	return triggersIn(workflow.nodes).map((node) => ({
		triggerId: idOf(node),
		workflowId: String(workflow.id),
		workflow: String(workflow.name ?? ''),
		published: workflow.active === true && publishedIds.has(idOf(node)),
	}));
}

// n8n's own address only when it is this machine: n8n falls back to WEBHOOK_URL, often a tunnel.
function n8nApiUrl(context: ILoadOptionsFunctions, chosen: string) {
	const refuse = (problem: string) =>
		new NodeOperationError(context.getNode(), `The n8n API Key is not sent: ${problem}`, {
			description:
				"Set the credential's n8n API Address to where this n8n's API is reached (https, or an address on " +
				'this machine), or remove the key.',
		});
	let url: URL;
	try {
		url = new URL(chosen || context.getInstanceBaseUrl());
	} catch {
		throw refuse('the n8n API Address is not a URL');
	}
	const host = url.hostname;
	const local =
		host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
	if (!chosen && !local)
		throw refuse(`n8n's address ${url.origin} is not this machine, and no n8n API Address is set`);
	if (!local && url.protocol !== 'https:')
		throw refuse(`the n8n API Address ${url.origin} does not use https`);
	return `${withoutTrailingSlashes(`${url.origin}${url.pathname}`)}/api/v1/workflows`;
}

export async function n8nTriggers(context: ILoadOptionsFunctions) {
	const credentials = await credentialsOf(context);
	const apiKey = String(credentials.n8nApiKey ?? '').trim();
	if (!apiKey) return [];
	const url = n8nApiUrl(context, String(credentials.n8nApiUrl ?? '').trim());
	const workflows: unknown[] = [];
	let cursor = '';
	for (let page = 0; page < MAX_PAGES; page++) {
		const answer = (await context.helpers
			.httpRequest({
				method: 'GET',
				url,
				qs: { limit: PAGE_SIZE, excludePinnedData: true, ...(cursor ? { cursor } : {}) },
				headers: { 'X-N8N-API-KEY': apiKey, Accept: 'application/json' },
				json: true,
				returnFullResponse: true,
				ignoreHttpStatusErrors: true,
				// n8n's own API never redirects; a redirect would carry the key elsewhere.
				disableFollowRedirect: true,
			})
			.catch(() => undefined)) as { statusCode?: number; body?: unknown } | undefined;
		const status = answer?.statusCode ?? 0;
		if (status !== 200 || !answer?.body || typeof answer.body !== 'object') {
			// A refusal never carries the key or n8n's answer.
			const problem = !answer
				? `could not be reached at ${url}`
				: status === 401 || status === 403
					? `refused the n8n API Key of the credential (HTTP ${status})`
					: `answered HTTP ${status} at ${url}`;
			throw new NodeOperationError(context.getNode(), `n8n's API ${problem}`, {
				description:
					'The n8n API Key (optional, in the E-Signature credential) lets the Webhook list show triggers of ' +
					'workflows that are not published. Give a key of this n8n with the workflow:list scope, or remove it.',
			});
		}
		const body = answer.body as IDataObject;
		workflows.push(...(Array.isArray(body.data) ? body.data : []));
		cursor = typeof body.nextCursor === 'string' ? body.nextCursor : '';
		if (!cursor) break;
	}
	return workflows
		.filter(isPlainObject)
		.filter((workflow) => workflow.isArchived !== true)
		.flatMap(triggersOf);
}
