/**
 * What the Webhook picker says about an E-Signature Trigger's webhook when this n8n registered it: the workflow it
 * belongs to (the service keeps only a URL), and the account default plainly (methods/listSearch.ts,
 * service/n8nWebhookUrls.ts). The trigger runs through test/harness/trigger.ts, the picker through n8n-core's
 * LoadOptionsContext, against one emulator.
 */
import { Harness } from './harness';
import { triggerSuite } from './harness/trigger';

const suite = triggerSuite();

async function pickerLabels(): Promise<Array<{ name: string; value: string }>> {
	const { results } = await new Harness(suite.emulator).listSearch('searchWebhooks');
	return results.map(({ name, value }) => ({ name, value: String(value) }));
}

describe('the Webhook picker names the workflow of each trigger', () => {
	it('a trigger registered by this n8n: its workflow, and the account default first, said plainly', async () => {
		const plain = await suite.activeTrigger({ events: ['*'], options: {} });
		const byDefault = await suite.activeTrigger({ events: ['*'], options: { isDefault: true } });
		const host = new URL(suite.n8n.baseUrl).host;

		expect(await pickerLabels()).toEqual([
			{
				name: `Account default: n8n trigger ${byDefault.node.webhookId!.slice(0, 8)} of workflow "${byDefault.id}" at ${host} · webhook ${byDefault.webhookId!.slice(0, 8)}`,
				value: byDefault.webhookId,
			},
			{
				name: `n8n trigger ${plain.node.webhookId!.slice(0, 8)} of workflow "${plain.id}" at ${host} · webhook ${plain.webhookId!.slice(0, 8)}`,
				value: plain.webhookId,
			},
		]);
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
			`n8n trigger 0b7c1e2a at n8n.example.com · webhook ${label.value.slice(0, 8)}`,
		);
	});
});
