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

/*
 * What an error carries besides its message, and the error items of Continue On Fail: one shape for every error the
 * package raises (the service's, errors.ts; the user's input, fields/validation.ts; the connection's).
 */

/** Where an error comes from: the service's answer, the node's input, or the connection to the service. */
type ErrorKind = 'service' | 'input' | 'connection' | 'other' | 'credential';

/** The code of errors in what the user entered, found before anything is sent. */
export const INVALID_INPUT = 'INVALID_INPUT';

/**
 * What an error item carries for the next node, beside n8n's `error` text (docs/n8n-notes.md#continue-on-fail):
 * the service's code (or the kind of failure), its meaning in plain words and the service's own message.
 */
export interface ErrorDetails {
	kind: ErrorKind;
	/** The service's errorCode (or the HTTP status of an unwrapped answer), INVALID_INPUT, or a connection code. */
	code: number | string;
	/** The code's meaning in plain words (for input errors, what is wrong and in which field). */
	meaning: string;
	/** The service's own message, which tells apart the cases one code covers. */
	serviceMessage: string | null;
	/** The HTTP status of the answer (the service sends most errors with 200). */
	httpStatus: number | null;
	description: string | null;
	/** Error 8: the service's field-by-field problems. */
	validationErrors?: IDataObject;
	/** Error 227: the reference number that exists. */
	referenceNumber?: string;
}

/**
 * An error this package raised (the mapper's, the checks', the connection's): n8n's NodeApiError, by class and by
 * name, with the details its error item carries in a private field, which n8n's JSON of the error never shows.
 */
export class DetailedApiError extends NodeApiError {
	#details?: ErrorDetails;

	constructor(...args: ConstructorParameters<typeof NodeApiError>) {
		super(...args);
		// n8n names an error after its class; the editor and the logs name it as n8n's own.
		Object.defineProperty(this, 'name', {
			value: 'NodeApiError',
			writable: true,
			enumerable: true,
			configurable: true,
		});
	}

	/** Records what its error item carries, with the error's description as it is now. */
	withDetails(details: Omit<ErrorDetails, 'description'>): this {
		this.#details = { ...details, description: this.description ?? null };
		return this;
	}

	get details(): ErrorDetails | undefined {
		return this.#details;
	}
}

/** A DetailedApiError naming the node as errors carry it (nodeForErrors), with its error item's details. */
export function detailedError(
	node: INode,
	body: JsonObject,
	options: NonNullable<ConstructorParameters<typeof NodeApiError>[2]>,
	details: Omit<ErrorDetails, 'description'>,
): DetailedApiError {
	return new DetailedApiError(nodeForErrors(node), body, options).withDetails(details);
}

const detailsOf = (error: Error): ErrorDetails | undefined =>
	error instanceof DetailedApiError ? error.details : undefined;

/** Whether the error was made by this package's mapper or checks (and so carries its details). */
export const hasDetails = (error: Error): boolean => detailsOf(error) !== undefined;

/** The details of any error a hook or the routing engine raised; errors made elsewhere get what can be read. */
export function errorDetails(error: Error): ErrorDetails {
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

/**
 * An error item made by failed(): its JSON and pairing as any item's, and its details in a private field, also where
 * its JSON cannot carry them (see errorItem); a copy n8n makes is a plain item.
 */
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

/** Whether the item is an error item: failed()'s, told by its class (its JSON has no error object), or n8n's own. */
export function isErrorItem(item: INodeExecutionData): boolean {
	return item instanceof ErrorItem || item.error !== undefined;
}

/** The details of an error item made by failed() (also where its JSON cannot carry them, see errorItem). */
export const errorItemDetails = (item: INodeExecutionData): ErrorDetails | undefined =>
	ErrorItem.detailsOf(item);

/** Whether the node sends errors to an error output that does not take `details` (n8n 1.x, see errorItem). */
function errorOutputWithoutDetails(context: ItemFunctions): boolean {
	return context.getNode().onError === 'continueErrorOutput' && !errorOutputTakesDetails(context);
}

/**
 * The error item of one input item. n8n replaces the JSON of an item that carries `error` with
 * `{ error: message }`, and sends an item to the error output only when it carries `error` or its JSON has no keys
 * but error, message and details (docs/n8n-notes.md#continue-on-fail). So the item carries no `error` object, and
 * everything the next node needs is in `details`: in both outputs the same `{ error, details }`, paired with its input.
 */
export function errorItem(context: ItemFunctions, error: Error): INodeExecutionData {
	const details = errorDetails(error);
	const json: IDataObject = errorOutputWithoutDetails(context)
		? // n8n 1.x sends to the error output only `{ error }` or `{ error, message }`: there the item says what
			// `details` would in its message, rather than go down the node's success output.
			{
				error: error.message,
				message: details.serviceMessage ?? details.description ?? details.meaning,
			}
		: { error: error.message, details: details as unknown as IDataObject };
	return new ErrorItem(json, { item: context.getItemIndex() }, details);
}

/**
 * Where an operation's error goes: thrown, or with Continue On Fail one error item paired with its input. n8n's
 * routing engine leaves its own error items unpaired, which loses the pairing of operations that split lists.
 */
export function failed(context: ItemFunctions, error: Error): INodeExecutionData[] {
	if (!context.continueOnFail()) throw error;
	return [errorItem(context, error)];
}
