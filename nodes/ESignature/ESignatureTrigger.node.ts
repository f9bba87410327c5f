import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../credentials/accessToken';
import { TRIGGER_BUILDER_HINT } from './fields/builderHints';
import {
	ANY_EVENT,
	answerWithoutExecution,
	callbackItem,
	type CallbackRequest,
	isAuthorized,
	isWanted,
	readCallback,
} from './trigger/callback';
import { confirmCallback } from './trigger/confirmation';
import { catchUpAndLog, claimCatchUp } from './trigger/catchUp';
import {
	claimEvent,
	confirmEvent,
	eventKey,
	releaseEvent,
	wasReceived,
} from './trigger/receivedEvents';
import {
	createWebhook,
	deleteWebhook,
	ON_DEACTIVATION,
	storedWebhook,
	triggerKey,
	webhookExists,
} from './trigger/registration';

/** How to send the listening trigger an event: a sample with `npm run dev`, a real envelope with the service. */
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
		version: 1,
		// "Any event", or the events chosen by name ("Completed, Rejected").
		subtitle:
			'={{ [].concat($parameter["events"] || []).map(e => ({ "*": "Any event", completed: "Completed", ' +
			'rejected: "Rejected" })[e] || e).join(", ") || "Any event" }}',
		// n8n's node picker shows one "E-Signature" entry for both nodes, with the trigger's description: it covers both.
		// Used by the editor's Docs link as it is; n8n appends its tracking query to the codex URL, after the anchor.
		documentationUrl: 'https://github.com/esignature-n8n/n8n-nodes-esignature#e-signature-trigger',
		description:
			'Send documents for signature with the E-Signature service, and start workflows when they are signed or rejected',
		defaults: { name: 'E-Signature Trigger' },
		inputs: [],
		builderHint: TRIGGER_BUILDER_HINT,
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		webhooks: [
			{
				name: 'default',
				httpMethod: 'POST',
				responseMode: 'onReceived',
				path: 'webhook',
			},
		],
		// The panel beside the parameters while the trigger has no data yet: how to test it, one step.
		triggerPanel: {
			header: 'Test with a signing event',
			executionsHelp: {
				inactive: `${TEST_HELP}<br /><br />${PRODUCTION_HELP_INACTIVE}`,
				active: `${TEST_HELP}<br /><br />${PRODUCTION_HELP_ACTIVE}`,
			},
			activationHint: `Click <i>Execute step</i>. ${SEND_TEST_EVENT}`,
		},
		// Shown while the editor listens.
		eventTriggerDescription:
			'Open the test-event link of npm run dev, or complete an envelope pinned to the n8n test listener',
		activationMessage: "Envelopes pinned to this trigger's webhook now start the workflow.",
		properties: [
			{
				displayName:
					'Pin envelopes to this trigger with the <code>webhookId</code> its events carry. Its webhook stays ' +
					'at the service when the workflow is deactivated (see On Deactivation), and when it is deleted: find ' +
					'it with E-Signature → Webhook → Get Many (it marks n8n triggers) and remove it with Webhook → ' +
					"Delete. Signed files over about 12 MB need n8n's <code>N8N_PAYLOAD_SIZE_MAX</code> raised.",
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
				displayName: 'Simplify',
				name: 'simplify',
				type: 'boolean',
				default: true,
				description:
					'Whether to return a simplified version of the response instead of the raw data',
				hint:
					"On: camelCase names, the service's misspellings corrected (referenceNumber), no empty (null) " +
					'fields. Off: the callback as the service sends it (PascalCase, ReferencNumber), plus webhookId.',
			},
			{
				displayName: 'Options',
				name: 'options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
				options: [
					{
						displayName: 'Keep Base64 in JSON',
						name: 'keepBase64',
						type: 'boolean',
						default: false,
						description:
							'Whether to keep the Base64 content of the signed files in the output JSON (files[].file; ' +
							'Files[].File when Simplify is off) as well as in the binary properties. Off keeps items small. ' +
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
							'Whether to output the signed files sent with the event as binary properties file_0, file_1, …. ' +
							'When off, they stay as Base64 in the JSON (files[].file; Files[].File when Simplify is off).',
					},
					{
						displayName: 'Re-Send Missed Events',
						name: 'catchUp',
						type: 'boolean',
						default: true,
						description:
							'Whether to ask the service to re-send the events it could not deliver to this trigger in the ' +
							'last 7 days (at most 50 at a time): when the workflow is activated, and on the first event ' +
							"after n8n restarts. What it did is written to n8n's log.",
					},
					{
						displayName: 'Start Once per Event',
						name: 'onceOnly',
						type: 'boolean',
						default: true,
						description:
							'Whether an event delivered again (a retry or re-send of the same envelope and status) is ' +
							'acknowledged without starting another execution. The trigger remembers the last 2,000 events of ' +
							'30 days.',
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
				],
			},
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

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		const request = this.getRequestObject() as unknown as CallbackRequest;
		const stored = storedWebhook(this);
		const isPost = (request.method ?? 'POST').toUpperCase() === 'POST';
		if (!isPost || !isAuthorized(this.getHeaderData().authorization, stored.headerTokenDigest)) {
			return answerWithoutExecution(this, 401, 'Unauthorized');
		}

		const { callback, problem } = readCallback(this.getBodyData(), request.rawBody);
		if (!callback)
			return answerWithoutExecution(this, 400, problem ?? 'The callback cannot be read');

		const events = this.getNodeParameter('events', [ANY_EVENT]) as string[];
		if (!isWanted(events, callback.event)) {
			return answerWithoutExecution(
				this,
				200,
				`Event "${callback.event}" received and ignored, as the trigger is set`,
			);
		}

		const options = this.getNodeParameter('options', {}) as IDataObject;
		// A test event always runs: "Listen for test event" is for seeing one, whatever production received.
		const onceOnly = options.onceOnly !== false && this.getMode() !== 'manual';
		const trigger = triggerKey(this);
		const key = eventKey(callback.requestId, callback.status);
		// A re-delivery of an event already emitted costs no call to the service.
		if (onceOnly && wasReceived(trigger, stored, key)) {
			return answerWithoutExecution(this, 200, 'Event already received: no new execution started');
		}
		// The token alone proves little (any API client of the account can read it): the service must agree first.
		const confirmation = await confirmCallback(this, callback);
		if (confirmation.outcome === 'unavailable') {
			this.logger.warn(
				`E-Signature Trigger: the event of envelope ${callback.requestId} could not be confirmed: ` +
					`${confirmation.reason}; answered 503 so that it is re-sent`,
			);
			return answerWithoutExecution(
				this,
				503,
				'The event could not be confirmed with the service now; re-send it',
			);
		}
		if (confirmation.outcome === 'disagrees') {
			this.logger.warn(
				`E-Signature Trigger: a callback for envelope ${callback.requestId} was refused: ${confirmation.reason}`,
			);
			return answerWithoutExecution(
				this,
				409,
				`The callback does not agree with the service (${confirmation.reason}): nothing was started`,
			);
		}
		if (onceOnly && !claimEvent(trigger, stored, key)) {
			// 2xx, so that the service stops re-sending it.
			return answerWithoutExecution(this, 200, 'Event already received: no new execution started');
		}
		let item;
		try {
			item = await callbackItem(this, callback, stored.webhookId, {
				downloadFiles: options.downloadFiles !== false,
				// Without binary files the Base64 is the only copy of the signed documents: it stays in the JSON.
				keepBase64: options.keepBase64 === true || options.downloadFiles === false,
				simplify: this.getNodeParameter('simplify', true) as boolean,
			});
		} catch (error) {
			// Answered 503 rather than thrown: n8n would answer a thrown error with 500, which catch-up takes for a body
			// too large for n8n and never re-sends (trigger/catchUp.ts). With 503 the service logs the delivery as
			// failed and catch-up re-sends it, so a passing failure (a full disk, say) loses nothing.
			if (onceOnly) releaseEvent(trigger, key);
			this.logger.error(
				`E-Signature Trigger: the event of envelope ${callback.requestId} could not be made into an item ` +
					`(${(error as Error).message}); answered 503 so that it is re-sent`,
			);
			return answerWithoutExecution(this, 503, 'The event could not be processed now; re-send it');
		}
		if (onceOnly) confirmEvent(trigger, stored, key);
		// The first callback of a restarted n8n: re-send what was missed while it was down, after this answer.
		if (this.getMode() !== 'manual' && options.catchUp !== false && claimCatchUp(trigger)) {
			const url = this.getNodeWebhookUrl('default');
			if (url) void catchUpAndLog(this, url);
		}
		return { workflowData: [[item]] };
	}
}
