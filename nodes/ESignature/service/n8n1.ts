import type { IExecuteSingleFunctions } from 'n8n-workflow';

/*
 * Where n8n 1.x (n8n 1.123: n8n-core 1.122, n8n-workflow 1.120) differs from n8n 2.x in a way the nodes must meet
 * (docs/n8n-notes.md#n8n-1x): each difference asked about at run time is a function here, the line told apart by a
 * feature n8n 2.x added to every node context (`customData`); n8n gives no node a version number. Met without asking:
 * - `ignoreHttpStatusErrors: { ignore: true, except: [401] }` is read as `true`: a 401 comes back as an answer, not
 *   as the error that makes n8n renew the token, and is renewed as a refusal with HTTP 200 is (renewRefusedToken in
 *   service/transport.ts, refusedAsAnswer in routing/engineWorkarounds.ts);
 * - `$execution.resumeUrl` carries no resume token: Send and Wait's signed query guards it (sendAndWait/resumeUrl.ts);
 * - no egress filter in n8n's HTTP layer: a tool's download checks the hosts it is sent to itself (files/download.ts).
 */

/** Whether the running n8n is of the 1.x line. */
function isN8n1(context: object): boolean {
	try {
		return (context as { customData?: unknown }).customData === undefined;
	} catch {
		// n8n 2.x's getter throws where a context has no execution data: still 2.x.
		return false;
	}
}

/** Whether `{ error, details }` goes to the error output: n8n 1.x takes only `{ error }` or `{ error, message }`. */
export const errorOutputTakesDetails = (context: object): boolean => !isN8n1(context);

/** Whether a resumed node passes on every output: 1.x only the first (Send and Wait then refuses a second output). */
export const resumedNodePassesEveryOutput = (context: object): boolean => !isN8n1(context);

interface ExecutionCustomData {
	get(key: string): string | undefined;
	set(key: string, value: string): void;
}

/**
 * The execution's custom data: the context's own in n8n 2.x; n8n 1.x's contexts have none, only the expressions'
 * `$execution.customData` over the same data (routing/idempotency.ts keeps a retried execution's first ID there).
 */
export function executionCustomData(
	context: IExecuteSingleFunctions,
): ExecutionCustomData | undefined {
	const own = (context as { customData?: ExecutionCustomData }).customData;
	if (own) return own;
	const execution = context.getWorkflowDataProxy(context.getItemIndex()).$execution as
		{ customData?: ExecutionCustomData } | undefined;
	return execution?.customData;
}

/** The size of a file n8n stored from a stream: n8n 2.x counts its `bytes`; for 1.x, the answer's Content-Length. */
export const storedFileSize = (binary: object, declared: number | undefined): number | undefined =>
	(binary as { bytes?: number }).bytes ?? declared;
