import type {
	IDataObject,
	INode,
	INodeExecutionData,
	IPairedItemData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { ItemFunctions } from './itemFunctions';
import { errorOutputTakesDetails } from './n8n1';
import { nodeForErrors } from './secrets';

export const INVALID_INPUT = 'INVALID_INPUT';

export interface ErrorDetails {
	kind: 'service' | 'input' | 'connection' | 'other' | 'credential';
	code: number | string;
	meaning: string;
	serviceMessage: string | null;
	httpStatus: number | null;
	description: string | null;
	validationErrors?: IDataObject;
	referenceNumber?: string;
}

// An error's item details kept beside it, where n8n's JSON of the error never shows them.
const detailsByError = new WeakMap<Error, ErrorDetails>();

/** An error's details; no service message and no HTTP status unless given. */
export type GivenDetails = Omit<ErrorDetails, 'description' | 'serviceMessage' | 'httpStatus'> &
	Partial<Pick<ErrorDetails, 'serviceMessage' | 'httpStatus'>>;

export function withDetails<E extends NodeApiError>(error: E, details: GivenDetails) {
	const { kind, code, meaning, serviceMessage = null, httpStatus = null, ...more } = details;
	const description = error.description ?? null;
	const all = { kind, code, meaning, serviceMessage, httpStatus, ...more, description };
	detailsByError.set(error, all);
	return error;
}

export function detailedError(
	node: INode,
	body: JsonObject,
	options: NonNullable<ConstructorParameters<typeof NodeApiError>[2]>,
	details: GivenDetails,
) {
	return withDetails(new NodeApiError(nodeForErrors(node), body, options), details);
}

export const detailsOf = (error: Error) => detailsByError.get(error);

function errorDetails(error: Error): ErrorDetails {
	const known = detailsOf(error);
	if (known) return known;
	const { httpCode, description } = error as {
		httpCode?: string | null;
		description?: string | null;
	};
	return {
		kind: 'other',
		code: httpCode ?? 'ERROR',
		meaning: error.message,
		serviceMessage: null,
		httpStatus: null,
		description: description ?? null,
	};
}

// Its details also where its JSON cannot carry them (n8n 1.x's error output); a copy n8n makes is a plain item.
class ErrorItem implements INodeExecutionData {
	[key: string]: INodeExecutionData[string];

	readonly #details: ErrorDetails;

	constructor(
		public json: IDataObject,
		public pairedItem: IPairedItemData,
		details: ErrorDetails,
	) {
		this.#details = details;
	}

	static detailsOf(item: INodeExecutionData): ErrorDetails | undefined {
		return item instanceof ErrorItem ? item.#details : undefined;
	}
}

export function isErrorItem(item: INodeExecutionData) {
	return item instanceof ErrorItem || item.error !== undefined;
}

// The answer items' JSON as `json` makes it; error items stay as they are.
export function withAnswerJson(
	items: INodeExecutionData[],
	json: (answer: IDataObject) => unknown,
) {
	return items.map((item) =>
		isErrorItem(item) ? item : { ...item, json: json(item.json) as IDataObject },
	);
}

export const errorItemDetails = ErrorItem.detailsOf;

// No `error` object: n8n would replace the item's JSON with its message (docs/n8n-notes.md#continue-on-fail).
export function errorItem(context: ItemFunctions, error: Error): INodeExecutionData {
	const details = errorDetails(error);
	// n8n 1.x's error output takes only `{ error }` or `{ error, message }`.
	const onlyMessage =
		context.getNode().onError === 'continueErrorOutput' && !errorOutputTakesDetails(context);
	const json: IDataObject = onlyMessage
		? { message: details.serviceMessage ?? details.description ?? details.meaning }
		: { details: details as unknown as IDataObject };
	return new ErrorItem(
		{ error: error.message, ...json },
		{ item: context.getItemIndex() },
		details,
	);
}

// Paired with its input: n8n's routing engine leaves its own error items unpaired.
export function failed(context: ItemFunctions, error: Error) {
	if (!context.continueOnFail()) throw error;
	return [errorItem(context, error)];
}
