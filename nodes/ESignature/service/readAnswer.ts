import type {
	IExecuteSingleFunctions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { MAX_ANSWER_DEPTH, nestedDeeperThan } from './depth';
import { detailedError, detailsOf, errorItemDetails, failed } from './errorItems';
import {
	type SentReference,
	isFailedAnswer,
	isServiceWrapper,
	parseBody,
	serviceErrorFor,
} from './errors';
import { isRedirect, redirectNotFollowed } from './redirects';
import { type Dialect, identitySigningPath } from '../../../credentials/dialects';

/** A routed request's answer items, or the error it was thrown as. */
export type Outcome = { items: INodeExecutionData[] } | { error: unknown };

export const outcomeOf = async (sending: Promise<INodeExecutionData[]>): Promise<Outcome> =>
	await sending.then(
		(items) => ({ items }),
		(error: unknown) => ({ error }),
	);

export function settled(outcome: Outcome) {
	if ('error' in outcome) throw outcome.error;
	return outcome.items;
}

export function failedAnswersOf(outcome: Outcome) {
	if ('error' in outcome) {
		const details = outcome.error instanceof Error && detailsOf(outcome.error);
		return details ? [details] : [];
	}
	return outcome.items.map(errorItemDetails).filter((details) => details !== undefined);
}

export function brokenAnswerError(
	context: IExecuteSingleFunctions,
	code: string,
	meaning: string,
	description: string,
) {
	return detailedError(
		context.getNode(),
		{},
		{ message: meaning, description, itemIndex: context.getItemIndex() },
		{ kind: 'service', code, meaning },
	);
}

// sentReference is asked only for error 227, which names the reference number.
export async function readServiceAnswer(
	context: IExecuteSingleFunctions,
	response: IN8nHttpFullResponse,
	{ sentReference }: { sentReference?: () => SentReference | undefined } = {},
): Promise<{ body: unknown; errorItems?: INodeExecutionData[] }> {
	const body = parseBody(response.body);
	const { statusCode } = response;
	const itemIndex = context.getItemIndex();
	if (nestedDeeperThan(body)) {
		const error = brokenAnswerError(
			context,
			'ANSWER_TOO_DEEP',
			`The service's answer is nested more than ${MAX_ANSWER_DEPTH} levels deep`,
			'No answer of the service nests this deep: it was not read. Try again; if it persists, the service is failing.',
		);
		return { body: undefined, errorItems: failed(context, error) };
	}
	if (isRedirect(statusCode)) {
		const at = [statusCode, response.headers?.location, itemIndex] as const;
		return { body, errorItems: failed(context, redirectNotFollowed(context.getNode(), ...at)) };
	}
	if (!isFailedAnswer(body, statusCode)) return { body };
	const duplicate = isServiceWrapper(body) && Number(body.errorCode) === 227;
	const reference = duplicate ? sentReference?.() : undefined;
	const error = await serviceErrorFor(context, body, statusCode, itemIndex, reference);
	return { body, errorItems: failed(context, error) };
}

export function bothFormsRefused(context: IExecuteSingleFunctions, dialect: Dialect, url: string) {
	const path = /\/api\/v2\//.test(url) ? 2 : 1;
	const notFound = dialect === 'identitySigningPath';
	const { message, description } = notFound
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
			httpStatus: notFound ? 404 : null,
		},
	);
}
