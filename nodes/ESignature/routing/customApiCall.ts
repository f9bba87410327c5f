import type { IExecuteFunctions, INodeProperties, INodeType } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { nodeForErrors } from '../service/secrets';

// n8n's editor offers a Custom API Call a declarative node cannot make (docs/n8n-notes.md#custom-api-call).
const CUSTOM_API_CALL = '__CUSTOM_API_CALL__';

const MESSAGE = 'Custom API Call is not an operation of this node: nothing was sent';
const DESCRIPTION =
	"To call an endpoint this node does not offer, use n8n's HTTP Request node with Authentication → Predefined " +
	"Credential Type → E-Signature API and this credential: it signs requests to the credential's environment " +
	'only.';

async function refuseCustomApiCall(this: IExecuteFunctions) {
	if (!this.continueOnFail())
		throw new NodeOperationError(nodeForErrors(this.getNode()), MESSAGE, {
			description: DESCRIPTION,
		});
	return [
		this.getInputData().map((_, item) => ({
			json: { error: MESSAGE, description: DESCRIPTION },
			pairedItem: { item },
		})),
	];
}

export function customApiCallRefused(
	properties: INodeProperties[],
): NonNullable<INodeType['customOperations']> {
	const resources = properties.find((property) => property.name === 'resource')?.options ?? [];
	return Object.fromEntries(
		resources.map((option) => [
			String((option as { value: unknown }).value),
			{ [CUSTOM_API_CALL]: refuseCustomApiCall },
		]),
	);
}
