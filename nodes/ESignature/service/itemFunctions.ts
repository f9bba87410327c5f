import type {
	IExecuteFunctions,
	IExecuteSingleFunctions,
	IHookFunctions,
	ILoadOptionsFunctions,
	ITriggerFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';

// Here, not in transport.ts, so that the error mapper need not import the transport that uses it.
export type ServiceContext =
	| IExecuteFunctions
	| IExecuteSingleFunctions
	| IHookFunctions
	| ILoadOptionsFunctions
	| ITriggerFunctions
	| IWebhookFunctions;

export type ItemChecks = Pick<IExecuteSingleFunctions, 'getNode' | 'getItemIndex' | 'getTimezone'>;

// A preSend's `this` is one; code-run operations make one with itemFunctionsOf.
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

export function itemFunctionsOf(context: IExecuteFunctions, itemIndex: number): ItemFunctions {
	const { helpers } = context;
	return {
		getNode: () => context.getNode(),
		getItemIndex: () => itemIndex,
		getTimezone: () => context.getTimezone(),
		continueOnFail: () => context.continueOnFail(),
		// A getter: n8n 2.x's throws where there is no execution data.
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
			// As it is: n8n 1.x has none, and the download checks for it.
			getSecureEgressFilter: helpers.getSecureEgressFilter,
		},
	};
}
