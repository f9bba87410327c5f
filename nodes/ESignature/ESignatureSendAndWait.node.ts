import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../credentials/accessToken';
import { SEND_AND_WAIT_BUILDER_HINT } from './fields/builderHints';
import { codexWithActions, operationSubtitle } from './fields/common';
import codex from './ESignatureSendAndWait.node.json';
import { itemFunctionsOf } from './service/itemFunctions';
import { failed } from './service/errorItems';
import { OPERATION, properties } from './sendAndWait/fields';
import { RESUME_WEBHOOKS, resumeOnSignature } from './sendAndWait/resume';
import { asNodeError, operationOf, sendForSignature } from './sendAndWait/send';
import { waitForSignature } from './sendAndWait/wait';

const MAIN = NodeConnectionTypes.Main;
const SIGNED = `{ type: "${MAIN}", displayName: "Signed" }`;
const REJECTED = `{ type: "${MAIN}", displayName: "Rejected" }`;

// Its own node: n8n gives a declarative node with a webhook() no input items (docs/n8n-notes.md#send-and-wait).
export class ESignatureSendAndWait implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'E-Signature Send and Wait',
		name: 'eSignatureSendAndWait',
		icon: {
			light: 'file:../../icons/esignature.svg',
			dark: 'file:../../icons/esignature.dark.svg',
		},
		group: ['output'],
		version: 1,
		subtitle: operationSubtitle(properties),
		codex: codexWithActions(codex, properties),
		documentationUrl:
			'https://github.com/esignature-n8n/n8n-nodes-esignature#send-and-wait-for-signature',
		description:
			'Send documents for signature and wait until they are signed or rejected, in one workflow',
		defaults: { name: 'Send and Wait for Signature' },
		usableAsTool: true,
		builderHint: SEND_AND_WAIT_BUILDER_HINT,
		inputs: [NodeConnectionTypes.Main],
		outputs: `={{ $parameter.options?.rejectedOutput === true ? [${SIGNED}, ${REJECTED}] : ["${MAIN}"] }}`,
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		webhooks: RESUME_WEBHOOKS,
		waitingNodeTooltip:
			'Waiting until the envelope is signed or rejected, or the wait time limit is reached',
		properties,
	};

	// Whatever an operation throws becomes the error item.
	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		try {
			const operation = operationOf(this);
			if (operation !== OPERATION.wait) return await sendForSignature.call(this, operation);
			return await waitForSignature.call(this);
		} catch (error) {
			return [failed(itemFunctionsOf(this, 0), asNodeError(this, error))];
		}
	}

	webhook = resumeOnSignature;
}
