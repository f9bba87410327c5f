/**
 * A plain field is declared once (sentField in nodes/ESignature/routing/itemRequest.ts): its name, label, type, rule and
 * where it goes. The declaration gives both the check, named by the field's label, and what is sent, the rule's result.
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { ESignature } from '../../nodes/ESignature/ESignature.node';
import { booleanOf, requireHttpUrl } from '../../nodes/ESignature/fields/validation';
import { sentField } from '../../nodes/ESignature/routing/operation';
import { inputsSuite } from './testing';

const { suite, run, requestsTo } = inputsSuite();

/** The node with one operation, Webhook → Create, and two declared fields, one sent under another name. */
function probeNode(fields: INodeProperties[]): INodeType {
	const { description } = new ESignature();
	const [resource] = description.properties;
	const operation: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		options: [
			{
				name: 'Create',
				value: 'create',
				routing: { request: { method: 'POST', url: '/api/v1/webhooks' } },
			},
		],
		default: 'create',
	};
	return { description: { ...description, properties: [resource, operation, ...fields] } };
}

const nodeType = probeNode([
	sentField(
		{ displayName: 'Probe URL', name: 'webhookUrl', type: 'string', default: '' },
		requireHttpUrl,
	),
	sentField(
		{ displayName: 'Probe Flag', name: 'probeFlag', type: 'boolean', default: false },
		booleanOf,
		{ property: 'isDefault' },
	),
]);

const parameters = (probeFlag: string) => ({
	resource: 'webhook',
	operation: 'create',
	webhookUrl: '  https://example.com/probe  ',
	probeFlag,
});

describe('a field declared with its rule (sentField)', () => {
	it('sends what the rule makes of the value, under the name it declares', async () => {
		const result = await run(parameters('={{ " TRUE " }}'), undefined, { nodeType });
		expect(result.error).toBeUndefined();
		const [request] = requestsTo('/api/v1/webhooks');
		expect(request.body).toEqual({ webhookUrl: 'https://example.com/probe', isDefault: true });
		expect(request.body).not.toHaveProperty('probeFlag');
	});

	it('refuses a value the rule refuses, named by the label, before any request', async () => {
		suite.emulator.clearRequests();
		const result = await run(parameters('={{ "maybe" }}'), undefined, { nodeType });
		expect(result.error?.message).toBe('Probe Flag must be true or false, got a string: maybe');
		expect(suite.apiRequests()).toEqual([]);
	});
});
