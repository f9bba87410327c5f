import type {
	IDataObject,
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INode,
	INodeExecutionData,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

/**
 * What each error code of the service means, in words a workflow builder can act on.
 * The spec lists a subset; the rest come from the service's public documentation (shared notes). An unknown code still
 * produces an error with the code and the service's own message.
 */
export const SERVICE_ERRORS: Record<number, string> = {
	1: 'The session timed out',
	3: 'The service refused the access token (unauthorized)',
	7: 'The request did not have the content type the service expects',
	8: 'The service rejected the request as invalid',
	14: 'The user is not authorized to read this document',
	16: 'The "Available To" date is in the past',
	28: 'The account has used up its quota',
	100: 'The service could not complete the operation',
	116: 'No document file was found in the request',
	121: 'The e-mail address does not belong to a signer of this envelope',
	129: 'Too many files for one envelope',
	134: 'The webhook URL is not valid',
	147: 'A national ID is required for this signer',
	149: 'The commercial registration number is not registered with the Ministry of Commerce',
	157: 'The document is larger than the service allows',
	209: 'The template has fields the recipient must fill, so it cannot be signed directly',
	227: 'The reference number is already used by another envelope of this account',
	345: 'A default webhook is already registered for this account',
	400: 'The service rejected the request',
	401: 'The service refused the access token (unauthorized)',
	404: 'The item was not found',
};

export interface ServiceWrapper {
	data: unknown;
	errorCode: number;
	message?: string | null;
	returnUrl?: string | null;
	stateValidationErrors?: unknown;
}

export function isServiceWrapper(body: unknown): body is ServiceWrapper {
	return typeof body === 'object' && body !== null && !Array.isArray(body) && 'errorCode' in body;
}

/** JSON bodies arrive parsed, or as bytes when the operation asked for a file. */
export function parseBody(body: unknown): unknown {
	if (Buffer.isBuffer(body) || body instanceof ArrayBuffer) {
		const text = Buffer.from(body as Buffer).toString('utf8');
		try {
			return JSON.parse(text);
		} catch {
			return text;
		}
	}
	if (typeof body === 'string') {
		try {
			return JSON.parse(body);
		} catch {
			return body;
		}
	}
	return body;
}

function describeValidationErrors(errors: unknown): string | undefined {
	if (!errors || typeof errors !== 'object') return undefined;
	const lines = Object.entries(errors as IDataObject).map(
		([field, problems]) => `${field}: ${Array.isArray(problems) ? problems.join('; ') : String(problems)}`,
	);
	return lines.length ? lines.join('\n') : undefined;
}

/** The one place a service answer becomes an n8n error. */
export function serviceError(
	context: IExecuteSingleFunctions,
	body: unknown,
	statusCode: number,
): NodeApiError {
	return serviceErrorFor(context.getNode(), body, statusCode, context.getItemIndex());
}

/** serviceError for callers without an item, such as the trigger's webhook lifecycle. */
export function serviceErrorFor(node: INode, body: unknown, statusCode: number, itemIndex?: number): NodeApiError {
	const wrapper = isServiceWrapper(body) ? body : undefined;
	const code = wrapper ? Number(wrapper.errorCode) : statusCode;
	const serviceMessage =
		(wrapper?.message ?? undefined) || (typeof body === 'string' && body.length < 500 ? body : undefined);
	const meaning = SERVICE_ERRORS[code] ?? `The service returned error ${code}`;
	const details = [
		serviceMessage ? `Service message: ${serviceMessage}` : undefined,
		describeValidationErrors(wrapper?.stateValidationErrors),
	].filter(Boolean);
	const errorBody: JsonObject = wrapper
		? ({ ...wrapper } as unknown as JsonObject)
		: { errorCode: code, message: serviceMessage ?? null };
	return new NodeApiError(node, errorBody, {
		message: `${meaning} (error ${code})`,
		description: details.join('\n') || undefined,
		httpCode: String(statusCode),
		itemIndex,
	});
}

/** An answer is an error when its errorCode is non-zero (even with HTTP 200) or its HTTP status is an error. */
export function isFailedAnswer(body: unknown, statusCode: number): boolean {
	return (isServiceWrapper(body) && Number(body.errorCode) !== 0) || statusCode >= 400;
}

/** An answer without the data asked for: the service says nothing else for an unknown or foreign ID. */
export function notFoundError(context: IExecuteSingleFunctions): NodeApiError {
	return new NodeApiError(context.getNode(), { errorCode: 404, message: 'not found' }, {
		message: 'The requested item was not found',
		description: 'The service answered without data: the ID does not exist or belongs to another account. Check the ID.',
		httpCode: '404',
		itemIndex: context.getItemIndex(),
	});
}

/** An answer that should carry a file and does not. */
export function missingFileError(context: IExecuteSingleFunctions, body: unknown): NodeApiError {
	return new NodeApiError(context.getNode(), (isServiceWrapper(body) ? body : {}) as unknown as JsonObject, {
		message: 'The service answered without a file',
		description: 'Expected the document in the answer, as bytes or as Base64.',
		itemIndex: context.getItemIndex(),
	});
}

/**
 * Where an operation's error goes: thrown, or with Continue On Fail one error item paired with its input. n8n's
 * routing engine leaves its own error items unpaired, which loses the pairing of operations that split lists.
 */
export function failed(context: IExecuteSingleFunctions, error: NodeApiError): INodeExecutionData[] {
	if (!context.continueOnFail()) throw error;
	return [{ json: {}, error, pairedItem: { item: context.getItemIndex() } }];
}

/** Reads the answer of an operation; a failed answer goes where failed() sends it. */
export function readServiceAnswer(
	context: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
): { body: unknown; errorItems?: INodeExecutionData[] } {
	const body = parseBody(response.body);
	if (!isFailedAnswer(body, response.statusCode)) return { body };
	return { body, errorItems: failed(context, serviceError(context, body, response.statusCode)) };
}
