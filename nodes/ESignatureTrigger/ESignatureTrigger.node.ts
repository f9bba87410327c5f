import type {
	IDataObject,
	IHookFunctions,
	INodeType,
	INodeTypeDescription,
	IWebhookFunctions,
	IWebhookResponseData,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import {
	ANY_EVENT,
	answerWithoutExecution,
	callbackItem,
	type CallbackRequest,
	eventOf,
	isAuthorized,
	isWanted,
	readPayload,
	undecodableFiles,
} from './callback';
import { CREDENTIAL_TYPE } from '../../credentials/accessToken';
import { createWebhook, deleteWebhook, storedWebhook, webhookExists } from './webhookLifecycle';

export class ESignatureTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'E-Signature Trigger',
		name: 'eSignatureTrigger',
		icon: { light: 'file:../../icons/esignatureTrigger.svg', dark: 'file:../../icons/esignatureTrigger.dark.svg' },
		group: ['trigger'],
		version: 1,
		subtitle: '={{ "Events: " + ([].concat($parameter["events"] || [])).join(", ") }}',
		description: 'Starts the workflow when an envelope of the E-Signature service is completed or rejected',
		defaults: { name: 'E-Signature Trigger' },
		inputs: [],
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
		properties: [
			{
				displayName:
					'Registers its own webhook with the service while the workflow is active (or while you listen for a test event); it appears in the Webhook lists once registered, under this trigger\'s URL. To send an envelope\'s events here, pick that webhook in the Webhook field when you create the envelope; every event also carries its ID as "webhookId".',
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
				description: 'Which callbacks start the workflow. Others are acknowledged to the service and ignored.',
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
							'Whether to keep the Base64 content of the signed files in the output JSON (Files[].File) as well as in the binary properties. Off keeps items small. Always kept when Put Files in Binary is off.',
					},
					{
						displayName: 'Put Files in Binary',
						name: 'downloadFiles',
						type: 'boolean',
						default: true,
						description:
							'Whether to output the signed files sent with the event as binary properties file_0, file_1, …. When off, they stay as Base64 in the JSON (Files[].File).',
					},
					{
						displayName: 'Use as Account Default Webhook',
						name: 'isDefault',
						type: 'boolean',
						default: false,
						description:
							'Whether envelopes created without a WebhookId also send their events to this trigger',
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
		if (!isPost || !isAuthorized(this.getHeaderData().authorization, stored.headerToken)) {
			return answerWithoutExecution(this, 401, 'Unauthorized');
		}

		const { payload, problem } = readPayload(this.getBodyData(), request.rawBody);
		if (!payload) return answerWithoutExecution(this, 400, problem ?? 'The callback cannot be read');

		const events = this.getNodeParameter('events', [ANY_EVENT]) as string[];
		const event = eventOf(payload);
		if (!isWanted(events, event)) {
			return answerWithoutExecution(this, 200, `Event "${event}" received and ignored, as the trigger is set`);
		}

		const broken = undecodableFiles(payload);
		if (broken.length) {
			return answerWithoutExecution(this, 400, `Not valid Base64: ${broken.join(', ')}`);
		}

		const options = this.getNodeParameter('options', {}) as IDataObject;
		const item = await callbackItem(this, payload, stored.webhookId, {
			downloadFiles: options.downloadFiles !== false,
			// Without binary files the Base64 is the only copy of the signed documents: it stays in the JSON.
			keepBase64: options.keepBase64 === true || options.downloadFiles === false,
		});
		return { workflowData: [[item]] };
	}
}
