/**
 * Create From Template (createFromTemplate.ts).
 */
import type { IDataObject } from 'n8n-workflow';

import { TEMPLATE_ID, TEMPLATES } from '../emulator';
import { byId, envelopeSuite, expectMultipart, UNKNOWN_GUID } from './testing';

const { suite, run, envelopeCalls, createWebhook } = envelopeSuite();

describe('envelope: createFromTemplate', () => {
	it('sends templateId, userOnlySigner and webhookId as multipart form fields and outputs the destinations', async () => {
		const webhookId = await createWebhook();
		suite.emulator.clearRequests();
		const result = await run({
			operation: 'createFromTemplate',
			templateId: TEMPLATE_ID,
			userOnlySigner: false,
			webhookId: byId(webhookId),
		});

		expect(result.error).toBeUndefined();
		const [request] = envelopeCalls();
		expect(request.method).toBe('POST');
		expect(request.path).toBe('/api/v1/envelopes/initiate-by-template');
		expectMultipart(request);
		expect(request.body).toEqual({ templateId: TEMPLATE_ID, userOnlySigner: 'false', webhookId });
		expect(request.files).toHaveLength(0);
		const template = TEMPLATES.find((t) => t.id === TEMPLATE_ID)!;
		const output = result.items[0].json;
		expect(result.items[0].pairedItem).toEqual({ item: 0 });
		expect((output.destinations as IDataObject[]).map((d) => d.destinationEmail)).toEqual(
			template.destinations.map((d) => d.email),
		);
		expect(suite.emulator.envelope(output.envelopeId as string)!.templateId).toBe(TEMPLATE_ID);
	});

	it('sends userOnlySigner true and leaves out an empty webhook', async () => {
		const result = await run({
			operation: 'createFromTemplate',
			templateId: ` ${TEMPLATE_ID} `,
			userOnlySigner: true,
		});
		expect(result.error).toBeUndefined();
		expect(envelopeCalls()[0].body).toEqual({ templateId: TEMPLATE_ID, userOnlySigner: 'true' });
		expect(result.items[0].json.destinations).toHaveLength(1);
	});

	it('reports an unknown template (HTTP 404, error 404)', async () => {
		const result = await run({ operation: 'createFromTemplate', templateId: UNKNOWN_GUID });
		expect(result.error?.message).toBe(`Template ID "${UNKNOWN_GUID}" was not found (error 404)`);
		expect(result.error?.description).toMatch(
			/^Service message: Template not found\ntemplateId is the ID/,
		);
		expect((result.error as unknown as { httpCode: string }).httpCode).toBe('404');
	});

	it('refuses a Template ID that is not an ID, before sending', async () => {
		const result = await run({ operation: 'createFromTemplate', templateId: 'my-template' });
		expect(result.error?.message).toMatch(/^Template ID must be an ID like/);
		const empty = await run({ operation: 'createFromTemplate', templateId: '={{ $json.none }}' });
		expect(empty.error?.message).toBe(
			'Template ID is required: the expression {{ $json.none }} found no none in the input item',
		);
		expect(envelopeCalls()).toHaveLength(0);
	});
});
