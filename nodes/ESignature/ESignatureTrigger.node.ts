import type {
	IExecuteFunctions,
	IHookFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../credentials/accessToken';
import { TRIGGER_BUILDER_HINT } from './fields/builderHints';
import { optionsCollection, simplifyProperty } from './fields/common';
import { ANY_EVENT } from './events/callback';
import { startRounds } from './trigger/rounds';
import { receiveCallback } from './trigger/receive';
import {
	createWebhook,
	deleteWebhook,
	ON_DEACTIVATION,
	webhookExists,
} from './trigger/registration';

const SEND_TEST_EVENT =
	'Then send it an event: with <code>npm run dev</code>, open the <i>test the trigger</i> link it printed (a ' +
	'sample envelope is completed, signed PDF included); with the service, complete an envelope whose ' +
	'<i>Webhook</i> is the one listed as <i>n8n test listener</i>.';
const PRODUCTION_HELP_INACTIVE =
	'<b>In production</b>, publish the workflow: events of envelopes pinned to its webhook start it, and show in ' +
	'the executions list.';
const PRODUCTION_HELP_ACTIVE =
	'<b>In production</b> (the workflow is published), events of envelopes pinned to its webhook start it: see ' +
	'the <a data-key="executions">executions list</a>.';
const TEST_HELP =
	`<b>To test it</b>, click <i>Execute step</i>: n8n registers a test webhook at the service ` +
	`for as long as it listens. ${SEND_TEST_EVENT}`;

export class ESignatureTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'E-Signature Trigger',
		name: 'eSignatureTrigger',
		icon: {
			light: 'file:../../icons/esignatureTrigger.svg',
			dark: 'file:../../icons/esignatureTrigger.dark.svg',
		},
		group: ['trigger'],
		// 1.1: version 1 minus the expression n8n evaluates on each webhook call (docs/n8n-notes.md#webhook-answers).
		version: [1, 1.1],
		defaultVersion: 1.1,
		subtitle:
			'={{ [].concat($parameter["events"] || []).map(e => ({ "*": "Any event", completed: "Completed", ' +
			'rejected: "Rejected" })[e] || e).join(", ") || "Any event" }}',
		// The node picker shows one "E-Signature" entry with the trigger's description: it covers both nodes.
		documentationUrl: 'https://github.com/esignature-n8n/n8n-nodes-esignature#e-signature-trigger',
		description:
			'Send documents for signature with the E-Signature service, and start workflows when they are signed or rejected',
		defaults: { name: 'E-Signature Trigger' },
		inputs: [],
		builderHint: TRIGGER_BUILDER_HINT,
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		webhooks: [
			{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' },
		],
		triggerPanel: {
			header: 'Test with a signing event',
			executionsHelp: {
				inactive: `${TEST_HELP}<br /><br />${PRODUCTION_HELP_INACTIVE}`,
				active: `${TEST_HELP}<br /><br />${PRODUCTION_HELP_ACTIVE}`,
			},
			activationHint: `Click <i>Execute step</i>. ${SEND_TEST_EVENT}`,
		},
		eventTriggerDescription:
			'Open the test-event link of npm run dev, or complete an envelope pinned to the n8n test listener',
		activationMessage: "Envelopes pinned to this trigger's webhook now start the workflow.",
		properties: [
			{
				displayName:
					"To get an envelope's events here, choose this workflow in the <b>Webhook</b> list of E-Signature → " +
					'Create an envelope…',
				name: 'notice',
				type: 'notice',
				default: '',
			},
			{
				displayName: 'Events',
				name: 'events',
				type: 'multiOptions',
				required: true,
				default: [ANY_EVENT],
				description:
					'Which callbacks start the workflow. Others are acknowledged to the service and ignored.',
				options: [
					{
						name: 'Any Event',
						value: ANY_EVENT,
						description: 'Every callback, including status codes the service may add later',
					},
					{
						name: 'Envelope Completed',
						value: 'completed',
						description: 'All signers signed (callback status 1)',
					},
					{
						name: 'Envelope Rejected',
						value: 'rejected',
						description: 'A signer rejected the envelope (callback status 2)',
					},
				],
			},
			{
				...simplifyProperty(),
				hint:
					'Each item is what the service says (Get Status), not what the callback claims. On: event, envelopeId, ' +
					'status, signers, files, and callbackClaims in camelCase without empty fields. Off: the status answer ' +
					'as the service gives it, files, and callbackClaims as the callback sent them.',
			},
			optionsCollection([
				{
					displayName: 'Accept Callback Files as Sent',
					name: 'acceptCallbackFiles',
					type: 'boolean',
					default: false,
					description:
						"Whether to output a completion's files as the callback sent them when the service gives no way to " +
						'compare them with the signed documents it holds (its status answer names no documents). Off, ' +
						'such a completion comes without files and says how to download them. Risk: anyone who has the ' +
						"webhook's header token (any API client of the account can read it) can then hand the workflow " +
						'a file of their choosing for a completed envelope.',
				},
				{
					displayName: 'Fetch Events Not Delivered',
					name: 'fetchEvents',
					type: 'boolean',
					default: true,
					description:
						'Whether the trigger asks the service every minute, while the workflow is published, for the events ' +
						'it could not take when they were sent: deliveries the service logged as failed (n8n unreachable, ' +
						'down, or the envelope not yet final at the service), and the ends of envelopes that Send and Wait ' +
						'executions of this n8n wait for',
				},
				{
					displayName: 'Keep Base64 in JSON',
					name: 'keepBase64',
					type: 'boolean',
					default: false,
					description:
						'Whether to keep the Base64 content of the signed files in the output JSON (files[].file) as ' +
						'well as in the binary properties. Off keeps items small. ' +
						'Always kept when Put Files in Binary is off.',
				},
				{
					displayName: 'On Deactivation',
					name: 'onDeactivation',
					type: 'options',
					default: 'keep',
					description:
						"What happens to this trigger's webhook at the service when the workflow is deactivated",
					options: [
						{
							name: 'Keep the Webhook',
							value: ON_DEACTIVATION.keep,
							description:
								'Envelopes pinned to it keep their webhook; the service logs the events it cannot deliver, ' +
								'and they are re-sent on activation',
						},
						{
							name: 'Delete the Webhook',
							value: ON_DEACTIVATION.delete,
							description:
								'Nothing is left at the service; events of envelopes pinned to it go to the account default ' +
								'webhook, or nowhere',
						},
					],
				},
				{
					displayName: 'Put Files in Binary',
					name: 'downloadFiles',
					type: 'boolean',
					default: true,
					description:
						'Whether to output the signed files of the event as binary properties file_0, file_1, …. ' +
						'When off, they are Base64 in the JSON (files[].file).',
				},
				{
					displayName: 'Re-Send Missed Events',
					name: 'catchUp',
					type: 'boolean',
					default: true,
					description:
						'Whether to ask the service to re-send the events it could not deliver to this trigger in the ' +
						'last 29 days (at most 50 at a time): when the workflow is activated, and on the first event ' +
						"after n8n restarts. What it did is written to n8n's log.",
				},
				{
					displayName: 'Start Once per Event',
					name: 'onceOnly',
					type: 'boolean',
					default: true,
					description:
						'Whether an event delivered again (a retry or re-send of the same envelope and status) is ' +
						'acknowledged without starting another execution. The trigger remembers events for 30 days.',
				},
				{
					displayName: 'Use as Account Default',
					name: 'isDefault',
					type: 'boolean',
					default: false,
					description:
						"Whether this trigger's webhook is the account default: envelopes created without a webhook ID " +
						'send their events here too',
					hint: 'Only one default webhook is called per event, even if several are marked as default',
				},
			]),
		],
	};

	webhookMethods = {
		default: {
			async checkExists(this: IHookFunctions): Promise<boolean> {
				return await webhookExists.call(this);
			},
			async create(this: IHookFunctions): Promise<boolean> {
				return await createWebhook.call(this);
			},
			async delete(this: IHookFunctions): Promise<boolean> {
				return await deleteWebhook.call(this);
			},
		},
	};

	webhook = receiveCallback;

	trigger = startRounds;

	// n8n runs a node with a trigger method as one: this passes the webhook's or the fetch's items on.
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [this.getInputData()];
	}
}
