import type { IDataObject, INodeExecutionData } from 'n8n-workflow';

import type { ItemFunctions } from './itemFunctions';
import { errorOutputTakesDetails } from './n8n1';

/*
 * What an error carries besides its message, and the error items of Continue On Fail: one shape for every error the
 * package raises (the service's, the user's input, the connection), made by the error mapper (errors.ts) and the
 * checks of what the user entered (fields/validation.ts).
 */

/** Where an error comes from: the service's answer, the node's input, or the connection to the service. */
export type ErrorKind = 'service' | 'input' | 'connection' | 'other' | 'credential';

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
	/** What to do about it, as the error's description says. */
	description: string | null;
	/** Error 8: the service's field-by-field problems. */
	validationErrors?: IDataObject;
	/** Error 227: the reference number that exists. */
	referenceNumber?: string;
}

/** Where an error made by this package, or an error item made by failed(), carries its details. */
const DETAILS = Symbol('error details');

type WithDetails = { [DETAILS]?: ErrorDetails };

/** Puts the details on the error or item itself, hidden from enumeration as n8n serialises and copies both. */
function carry(target: object, details: ErrorDetails): void {
	Object.defineProperty(target, DETAILS, { value: details, configurable: true });
}

/** Records what an error item of this error must carry. */
export function withDetails<T extends Error>(
	error: T,
	details: Omit<ErrorDetails, 'description'>,
): T {
	const description = (error as { description?: string | null }).description ?? null;
	carry(error, { ...details, description });
	return error;
}

/** Whether the error was made by this package's mapper or checks (and so carries its details). */
export function hasDetails(error: Error): boolean {
	return (error as WithDetails)[DETAILS] !== undefined;
}

/** The details of any error a hook or the routing engine raised; errors made elsewhere get what can be read. */
export function errorDetails(error: Error): ErrorDetails {
	const known = (error as WithDetails)[DETAILS];
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

/** Whether the item is an error item made by failed(): told apart from the operation's own items by its details. */
export function isErrorItem(item: INodeExecutionData): boolean {
	return (item as WithDetails)[DETAILS] !== undefined;
}

/** The details of an error item made by failed() (also where its JSON cannot carry them, see errorItem). */
export function errorItemDetails(item: INodeExecutionData): ErrorDetails | undefined {
	return (item as WithDetails)[DETAILS];
}

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
	const item: INodeExecutionData = {
		json: errorOutputWithoutDetails(context)
			? // n8n 1.x sends to the error output only `{ error }` or `{ error, message }`: there the item says what
				// `details` would in its message, rather than go down the node's success output.
				{
					error: error.message,
					message: details.serviceMessage ?? details.description ?? details.meaning,
				}
			: { error: error.message, details: details as unknown as IDataObject },
		pairedItem: { item: context.getItemIndex() },
	};
	carry(item, details);
	return item;
}

/**
 * Where an operation's error goes: thrown, or with Continue On Fail one error item paired with its input. n8n's
 * routing engine leaves its own error items unpaired, which loses the pairing of operations that split lists.
 */
export function failed(context: ItemFunctions, error: Error): INodeExecutionData[] {
	if (!context.continueOnFail()) throw error;
	return [errorItem(context, error)];
}
