import type { IExecuteFunctions, IExecuteSingleFunctions } from 'n8n-workflow';

/**
 * One input item of a code-run operation (Send and Wait for Signature), seen the way the routing engine shows an
 * item to the preSend hooks. The file input, signers and validation helpers take that per-item view, so the one
 * operation that runs code checks its fields with the very functions every declarative operation uses, and names
 * its fields and items the same way in its errors.
 *
 * Only what those helpers read is provided (helpers/*.ts, service/transport.ts).
 */
export function itemContext(
	context: IExecuteFunctions,
	itemIndex: number,
): IExecuteSingleFunctions {
	const single = {
		getNode: () => context.getNode(),
		getWorkflow: () => context.getWorkflow(),
		getTimezone: () => context.getTimezone(),
		getExecutionId: () => context.getExecutionId(),
		getInstanceId: () => context.getInstanceId(),
		continueOnFail: () => context.continueOnFail(),
		getItemIndex: () => itemIndex,
		// What tells n8n's lines apart (service/n8nLine.ts).
		get customData() {
			return (context as { customData?: unknown }).customData;
		},
		getInputData: () => context.getInputData()[itemIndex],
		getNodeParameter: (name: string, fallback?: unknown, options?: object) =>
			context.getNodeParameter(name, itemIndex, fallback, options),
		getCredentials: async (type: string) => await context.getCredentials(type, itemIndex),
		helpers: {
			assertBinaryData: (propertyName: string) =>
				context.helpers.assertBinaryData(itemIndex, propertyName),
			getBinaryDataBuffer: async (propertyName: string) =>
				await context.helpers.getBinaryDataBuffer(itemIndex, propertyName),
			prepareBinaryData: context.helpers.prepareBinaryData,
			httpRequestWithAuthentication: context.helpers.httpRequestWithAuthentication,
			// File Input → URL downloads with n8n's plain HTTP helper (files/download.ts).
			httpRequest: context.helpers.httpRequest,
			// A tool's links are checked by n8n's egress filter too, where n8n has one (docs/security.md).
			getSecureEgressFilter: context.helpers.getSecureEgressFilter,
		},
	};
	// A structural subset of IExecuteSingleFunctions: the methods above are the ones the shared helpers call.
	return single as unknown as IExecuteSingleFunctions;
}
