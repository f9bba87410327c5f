/**
 * What the Webhook picker says about an E-Signature Trigger's webhook when this n8n registered it: the workflow it
 * belongs to (the service keeps only a URL), and the account default plainly (methods/listSearch.ts,
 * service/n8nWebhookUrls.ts). The trigger runs through test/harness/trigger.ts, the picker through n8n-core's
 * LoadOptionsContext, against one emulator.
 */
import { webhookLabel } from '../nodes/ESignature/methods/listSearch';
import { Harness } from './harness';
import { triggerSuite } from './harness/trigger';

const suite = triggerSuite();

async function pickerLabels(): Promise<Array<{ name: string; value: string }>> {
	const { results } = await new Harness(suite.emulator).listSearch('searchWebhooks');
	return results.map(({ name, value }) => ({ name, value: String(value) }));
}

describe('the Webhook picker names the workflow of each trigger', () => {
	it('a trigger registered by this n8n: its workflow first, then the ID eventsTo names, and the account default listed first', async () => {
		const plain = await suite.activeTrigger({ events: ['*'], options: {} });
		const byDefault = await suite.activeTrigger({ events: ['*'], options: { isDefault: true } });
		const host = new URL(suite.n8n.baseUrl).host;

		expect(await pickerLabels()).toEqual([
			{
				name: `"${byDefault.id}" · webhook ${byDefault.webhookId!.slice(0, 8)} · account default · n8n trigger ${byDefault.node.webhookId!.slice(0, 8)} at ${host}`,
				value: byDefault.webhookId,
			},
			{
				name: `"${plain.id}" · webhook ${plain.webhookId!.slice(0, 8)} · n8n trigger ${plain.node.webhookId!.slice(0, 8)} at ${host}`,
				value: plain.webhookId,
			},
		]);
	});

	it('what a user compares stays within the 80 characters n8n shows, even for a long workflow name', () => {
		const label = webhookLabel(
			{
				id: 'd7aa32a1-1111-4222-8333-944455556666',
				isDefault: true,
				webhookUrl: 'http://127.0.0.1:5678/webhook/ff1713cb-1111-4222-8333-944455556666/webhook',
			},
			'Contracts of the regional sales offices, signed by the customers and the managers',
		);
		expect(label.slice(0, 80)).toMatch(
			/^"Contracts of the regional sales offices…" · webhook d7aa32a1 · account default/,
		);
	});

	it("the create's eventsTo names the webhook as its label does", async () => {
		const plain = await suite.activeTrigger({ events: ['*'], options: {} });
		const [label] = await pickerLabels();
		const created = await new Harness(suite.emulator).run({
			parameters: {
				resource: 'envelope',
				operation: 'create',
				fileInput: 'base64',
				filesJson: JSON.stringify([
					{ file: suite.emulator.samplePdf.toString('base64'), fileName: 'a.pdf' },
				]),
				webhookId: {
					__rl: true,
					mode: 'list',
					value: plain.webhookId,
					cachedResultName: label.name,
				},
			},
		});
		expect(created.error).toBeUndefined();
		const eventsTo = String(created.items[0].json.eventsTo);
		const named = /webhook [0-9a-f]{8}/.exec(label.name)![0];
		expect(eventsTo).toBe(`webhook ${plain.webhookId}`);
		expect(eventsTo.startsWith(named)).toBe(true);
	});

	it('a trigger that deleted its webhook is forgotten; one this n8n never registered keeps the short label', async () => {
		const leaving = await suite.activeTrigger({
			events: ['*'],
			options: { onDeactivation: 'delete' },
		});
		const leftId = leaving.webhookId!;
		await leaving.deactivate();
		expect((await pickerLabels()).map((r) => r.value)).not.toContain(leftId);

		// Registered elsewhere (another n8n, or before a restart): the picker knows only its URL.
		const foreign = `https://n8n.example.com/webhook/0b7c1e2a-5d4f-4e8a-9b6c-3d2e1f0a9b8c/webhook`;
		const created = await new Harness(suite.emulator).run({
			parameters: { resource: 'webhook', operation: 'create', webhookUrl: foreign },
		});
		expect(created.error).toBeUndefined();
		const [label] = await pickerLabels();
		expect(label.name).toBe(
			`webhook ${label.value.slice(0, 8)} · n8n trigger 0b7c1e2a at n8n.example.com`,
		);
	});
});
