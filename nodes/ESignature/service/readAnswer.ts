import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { MAX_ANSWER_DEPTH, nestedDeeperThan } from './depth';
import { detailedError, failed } from './errorItems';
import {
	type SentReference,
	isFailedAnswer,
	isServiceWrapper,
	parseBody,
	serviceErrorFor,
} from './errors';
import { isRedirect, redirectNotFollowed } from './redirects';
import { type Dialect, identitySigningPath } from '../../../credentials/dialects';

/*
 * Reading an operation's answer: a failed one (an errorCode, an HTTP error, a redirect not followed, an answer nested
 * too deep) becomes the mapped error, thrown or, with Continue On Fail, an error item (errorItems.ts).
 */

/** An answer the service should never give (hostile or broken), refused unread, with what to do about it. */
export function brokenAnswerError(
	context: IExecuteSingleFunctions,
	code: string,
	meaning: string,
	description: string,
): NodeApiError {
	return detailedError(
		context.getNode(),
		{},
		{ message: meaning, description, itemIndex: context.getItemIndex() },
		{ kind: 'service', code, meaning, serviceMessage: null, httpStatus: null },
	);
}

/** An answer nested deeper than any of the service's (service/depth.ts): hostile or broken, and not walked. */
function tooDeepError(context: IExecuteSingleFunctions): NodeApiError {
	return brokenAnswerError(
		context,
		'ANSWER_TOO_DEEP',
		`The service's answer is nested more than ${MAX_ANSWER_DEPTH} levels deep`,
		'No answer of the service nests this deep: it was not read. Try again; if it persists, the service is failing.',
	);
}

/**
 * Reads the answer of an operation; a failed answer (or one nested too deep) goes where failed() sends it. Error 227
 * names the reference number a create carried: sentReference is asked only then (routing/idempotency.ts).
 */
export async function readServiceAnswer(
	context: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	{ sentReference }: { sentReference?: () => SentReference | undefined } = {},
): Promise<{ body: unknown; errorItems?: INodeExecutionData[] }> {
	const body = parseBody(response.body);
	if (nestedDeeperThan(body))
		return { body: undefined, errorItems: failed(context, tooDeepError(context)) };
	if (isRedirect(response.statusCode)) {
		const at = [response.statusCode, response.headers?.location, context.getItemIndex()] as const;
		return { body, errorItems: failed(context, redirectNotFollowed(context.getNode(), ...at)) };
	}
	if (!isFailedAnswer(body, response.statusCode)) return { body };
	const duplicate = isServiceWrapper(body) && Number(body.errorCode) === 227;
	const known = { sentReference: duplicate ? sentReference?.() : undefined };
	const itemIndex = context.getItemIndex();
	const error = await serviceErrorFor(context, body, response.statusCode, itemIndex, known);
	return { body, errorItems: failed(context, error) };
}

/**
 * Both forms of a dialect refused (routedInDialect, routing/engineWorkarounds.ts): says so, naming what each form
 * was, instead of the last refusal alone.
 */
export function bothFormsRefused(
	context: IExecuteSingleFunctions,
	dialect: Dialect,
	url: string,
): NodeApiError {
	const path = /\/api\/v2\//.test(url) ? 2 : 1;
	const { message, description } =
		dialect === 'identitySigningPath'
			? {
					message:
						'The service has no identity-provider signing at either address: ' +
						`${identitySigningPath(path, 'spec')} (the spec) and ${identitySigningPath(path, 'live')} ` +
						'(the published reference) both answered HTTP 404',
					description:
						"Check the credential's Environment and Base URL: they must point at the E-Signature API.",
				}
			: {
					message:
						'The service refused the document in both forms of the request: `files` (the spec) and `File` ' +
						'(the live service), each as a missing file (error 8)',
					description:
						"No envelope was created. Check that the file is a PDF, then the service's answer to the request.",
				};
	const notFound = dialect === 'identitySigningPath';
	return detailedError(
		context.getNode(),
		{ message },
		{
			message,
			description,
			httpCode: notFound ? '404' : undefined,
			itemIndex: context.getItemIndex(),
		},
		{
			kind: 'service',
			code: notFound ? 404 : 8,
			meaning: message,
			serviceMessage: null,
			httpStatus: notFound ? 404 : null,
		},
	);
}
