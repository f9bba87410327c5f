import type {
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	ITriggerFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

/**
 * Every kind of node context that can make an authenticated call (transport.ts); declared here, with the other
 * context types, so that the error mapper and the secrets it uses need not import the transport that uses them.
 */
export type ServiceContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| IHookFunctions
	| ILoadOptionsFunctions
	| ITriggerFunctions
	| IWebhookFunctions;

/** What a check of the user's input uses (fields/validation.ts): the node and item it names, the time zone. */
export type ItemChecks = Pick<IExecuteSingleFunctions, 'getNode' | 'getItemIndex' | 'getTimezone'>;

/**
 * What the shared checks and readers of one input item use of n8n's context (fields/, files/, failed in errorItems.ts).
 * A preSend's `this` (IExecuteSingleFunctions) is one as it is; code-run operations make one with itemFunctionsOf.
 */
export type ItemFunctions = ItemChecks &
	Pick<
		IExecuteSingleFunctions,
		'continueOnFail' | 'customData' | 'getNodeParameter' | 'getInputData'
	> & {
		helpers: Pick<
			IExecuteSingleFunctions['helpers'],
			| 'assertBinaryData'
			| 'getBinaryDataBuffer'
			| 'getBinaryMetadata'
			| 'getBinaryStream'
			| 'httpRequest'
			| 'getSecureEgressFilter'
		>;
	};

/** One item of IExecuteFunctions, whose methods take the item's index where those of IExecuteSingleFunctions do not. */
export function itemFunctionsOf(context: IExecuteFunctions, itemIndex: number): ItemFunctions {
	const { helpers } = context;
	return {
		getNode: () => context.getNode(),
		getItemIndex: () => itemIndex,
		getTimezone: () => context.getTimezone(),
		continueOnFail: () => context.continueOnFail(),
		// A getter: n8n 2.x's throws where there is no execution data (service/n8n1.ts).
		get customData() {
			return context.customData;
		},
		getNodeParameter: (name, fallback, options) =>
			context.getNodeParameter(name, itemIndex, fallback, options),
		getInputData: (inputIndex) => context.getInputData(inputIndex)[itemIndex],
		helpers: {
			assertBinaryData: (propertyName) => helpers.assertBinaryData(itemIndex, propertyName),
			getBinaryDataBuffer: async (propertyName) =>
				await helpers.getBinaryDataBuffer(itemIndex, propertyName),
			getBinaryMetadata: async (id) => await helpers.getBinaryMetadata(id),
			getBinaryStream: async (id, chunkSize) => await helpers.getBinaryStream(id, chunkSize),
			httpRequest: helpers.httpRequest,
			// As it is: n8n 1.x has none, and files/download.ts checks for it.
			getSecureEgressFilter: helpers.getSecureEgressFilter,
		},
	};
}
