import type { INodeType, INodeTypeDescription } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

import { CREDENTIAL_TYPE } from '../../credentials/accessToken';
import { properties } from './sendAndWait/fields';
import { RESUME_WEBHOOKS, resumeOnSignature } from './sendAndWait/resume';
import { sendAndWaitForSignature } from './sendAndWait/send';

/**
 * Sends documents for signature and pauses the execution until the envelope is signed or rejected
 * (docs/delivery-guarantees.md#send-and-wait-for-signature; docs/n8n-notes.md#send-and-wait).
 *
 * A node of its own, not an operation of the E-Signature node: n8n 2.41 gives a declarative node that has a
 * webhook() method no input items for its expressions, so `{{ $json.… }}` would fail in every other operation.
 */
export class ESignatureSendAndWait implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'E-Signature Send and Wait',
		name: 'eSignatureSendAndWait',
		icon: { light: 'file:../../icons/esignature.svg', dark: 'file:../../icons/esignature.dark.svg' },
		group: ['output'],
		version: 1,
		subtitle: 'Send and wait for signature',
		description: 'Send documents for signature and wait until they are signed or rejected, in one workflow',
		defaults: { name: 'Send and Wait for Signature' },
		usableAsTool: true,
		inputs: [NodeConnectionTypes.Main],
		// A second output, "Rejected", with Options → Rejections to Second Output.
		outputs: `={{ $parameter.options?.rejectedOutput === true ? [{ type: "${NodeConnectionTypes.Main}", displayName: "Signed" }, { type: "${NodeConnectionTypes.Main}", displayName: "Rejected" }] : ["${NodeConnectionTypes.Main}"] }}`,
		credentials: [{ name: CREDENTIAL_TYPE, required: true }],
		webhooks: RESUME_WEBHOOKS,
		waitingNodeTooltip: 'Waiting until the envelope is signed or rejected, or the wait time limit is reached',
		properties,
	};

	execute = sendAndWaitForSignature;

	webhook = resumeOnSignature;
}
