import type { IBuilderHint, IBuilderHintVariation } from 'n8n-workflow';

export const NODE_TYPES = {
	action: 'n8n-nodes-esignature.eSignature',
	trigger: 'n8n-nodes-esignature.eSignatureTrigger',
	sendAndWait: 'n8n-nodes-esignature.eSignatureSendAndWait',
} as const;

// The same words on each node, so a builder picks the same way from any of them.
const WHICH_NODE =
	'To pause this workflow until the document is signed or rejected, use E-Signature Send and Wait. To start another ' +
	'workflow when envelopes are signed or rejected (also envelopes created elsewhere), use E-Signature Trigger and ' +
	'pass its webhook ID as Webhook when creating the envelope.';

const ACTION = {
	nodeType: NODE_TYPES.action,
	relationHint: 'Creates envelopes, invites signers, reads status, downloads signed PDFs',
};
const TRIGGER = {
	nodeType: NODE_TYPES.trigger,
	relationHint: 'Starts a workflow when an envelope is signed (completed) or rejected',
};
const SEND_AND_WAIT = {
	nodeType: NODE_TYPES.sendAndWait,
	relationHint:
		'Sends a PDF for signature and waits in the same execution until it is signed or rejected',
};

export const ENVELOPE_ID_SOURCE =
	'envelopeId comes from the output of an envelope create operation (Create From Base64, Create From Files, Create ' +
	'and Invite, Create From Template); the E-Signature Trigger outputs it as envelopeId too. It is a GUID, not the ' +
	'referenceNumber.';
export const DOCUMENT_ID_SOURCE =
	'documentId is the ID of one document (file) of an envelope: the create operations output it as documentId ' +
	'(documentIds for several files); Send and Wait outputs documentIds. It is a GUID, not the envelopeId.';
export const TEMPLATE_ID_SOURCE =
	"templateId is the ID of a template kept at the service: the service's portal lists the account's templates " +
	'with their IDs. It is a GUID.';
export const SEVERAL_FILES_SOURCE =
	'Takes several PDFs: comma-separated binary field names, a JSON list of {file, fileName} Base64 objects, or ' +
	'URLs. Leave webhookId empty to send events to the account default webhook.';

export const actionBuilderHint = (operationHints: IBuilderHintVariation[]): IBuilderHint => ({
	searchHint:
		'E-signature (electronic signature) of PDF documents: create an envelope from a PDF, invite signers by ' +
		'email or SMS, get signing links, remind, cancel, read status and download the signed PDF. The usual flow ' +
		'is Envelope → Create From Base64 (or Create and Invite), then Invitation → Send. ' +
		WHICH_NODE,
	relatedNodes: [
		TRIGGER,
		SEND_AND_WAIT,
		{
			nodeType: 'n8n-nodes-base.httpRequest',
			relationHint: 'Downloads a PDF into a binary field before it is sent for signature',
		},
	],
	extraTypeDefContent: operationHints,
});

export const TRIGGER_BUILDER_HINT: IBuilderHint = {
	searchHint:
		'Starts a workflow when an e-signature envelope is signed by everyone (completed) or rejected; outputs ' +
		'event, envelopeId, status and signers as the service holds them, the signed PDFs the service confirmed as ' +
		'binary (file_0, file_1, …), and what only the callback says under callbackClaims (referenceNumber, fields). ' +
		'It registers its own webhook at the service; envelopes must name that webhook (or it must be the account ' +
		'default) for their events to arrive. ' +
		WHICH_NODE,
	relatedNodes: [ACTION, SEND_AND_WAIT],
};

export const SEND_AND_WAIT_BUILDER_HINT: IBuilderHint = {
	searchHint:
		'Human-in-the-loop signature or approval: sends PDFs for e-signature and pauses the execution until every ' +
		'signer signed or one rejected (or a time limit), then continues with the signed document details. Use it ' +
		'for approval steps inside one workflow; use E-Signature Trigger when the signing can finish long after this ' +
		'workflow, or when several workflows react to the same envelopes. ' +
		// One type for the node (no resource), and n8n refuses a builderHint on the Operation field: told here.
		'Operations: sendAndWaitForSignature (the service invites the signers, the execution waits); ' +
		"sendAndOutputLinks notifies nobody: deliver each signer's invitationLink with your own node, then add a " +
		'second E-Signature Send and Wait set to waitForSignature later in the same execution; waitForSignature ' +
		'takes no document.',
	relatedNodes: [ACTION, TRIGGER],
};
