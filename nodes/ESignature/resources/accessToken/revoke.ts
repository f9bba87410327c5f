import { NodeOperationError } from 'n8n-workflow';

import {
	authUrlOf,
	CREDENTIAL_TYPE,
	currentAccessToken,
	detailedError,
	failed,
	forgetAccessToken,
	type IN8nHttpFullResponse,
	type INodeProperties,
	isPlainObject,
	type JsonObject,
	nodeForErrors,
	parseBody,
	type PostReceiveAction,
	type PreSendAction,
	readServiceAnswer,
	routing,
	scrubbed,
	secretsInHand,
	toText,
} from '../kit';

const secret = (value: unknown) => (typeof value === 'string' ? value : '');

/** RFC 7009. */
const buildRevocationForm: PreSendAction = async function (requestOptions) {
	const credentials = await this.getCredentials(CREDENTIAL_TYPE);
	const credentialError = (
		message: string,
		description = 'Revoking a token needs the Authorization Server URL, Client ID and Client Secret of the credential.',
	) =>
		new NodeOperationError(nodeForErrors(this.getNode()), message, {
			itemIndex: this.getItemIndex(),
			description,
		});
	let token: string;
	try {
		authUrlOf(credentials);
		// The token n8n stored is the one its requests send; the cache may hold one too.
		token = secret(credentials.accessToken) || (currentAccessToken(credentials) ?? '');
	} catch (error) {
		throw credentialError((error as Error).message);
	}
	if (!token)
		throw credentialError(
			'The credential holds no access token to revoke',
			'A token is fetched by the first request that uses the credential; there is nothing to revoke yet.',
		);
	requestOptions.body = new URLSearchParams({
		token,
		client_id: toText(credentials.clientId),
		client_secret: secret(credentials.clientSecret),
	}).toString();
	return requestOptions;
};

const revocationResult: PostReceiveAction = async function (_items, response) {
	// The authorization server may repeat what it was sent: the credential's secrets, the cached token among them.
	const body = scrubbed(parseBody(response.body), await secretsInHand(this, this.getItemIndex()));
	const status = response.statusCode;
	const refused = (
		answer: JsonObject,
		at: { message: string; description?: string },
		details: { code: number | string; meaning: string; serviceMessage?: string | null },
	) =>
		failed(
			this,
			detailedError(
				this.getNode(),
				answer,
				{ ...at, httpCode: String(status), itemIndex: this.getItemIndex() },
				{ kind: 'service', ...details, httpStatus: status },
			),
		);
	if (status >= 300 && status < 400) {
		const meaning = `The authorization server answered with a redirect (HTTP ${status}), which is not followed`;
		const description =
			'Following it would carry the token and the Client Secret to another address. ' +
			'Check the Authorization Server URL of the credential.';
		return refused({}, { message: meaning, description }, { code: status, meaning });
	}
	if (status >= 400 && isPlainObject(body) && 'error' in body) {
		const { error, error_description: description } = body;
		const meaning = 'The authorization server refused to revoke the token';
		const advice =
			error === 'invalid_client' ? ' Check Client ID and Client Secret of the credential.' : '';
		return refused(
			body as JsonObject,
			{
				message: `${meaning}: ${toText(error)} (HTTP ${status})`,
				description: `${toText(description)}${advice}`.trim() || undefined,
			},
			{ code: toText(error) || status, meaning, serviceMessage: toText(description) || null },
		);
	}
	const { errorItems } = await readServiceAnswer(this, {
		...response,
		body: body as IN8nHttpFullResponse['body'],
	});
	if (errorItems) return errorItems;
	// Revoked or superseded: the next request fetches one (n8n's stored one gets a 401).
	forgetAccessToken(await this.getCredentials(CREDENTIAL_TYPE));
	return [{ json: { success: true, revoked: true }, pairedItem: { item: this.getItemIndex() } }];
};

export const option = {
	name: 'Revoke',
	value: 'revoke',
	action: 'Revoke the access token',
	description: 'Revoke the access token the credential currently uses',
	routing: routing(
		{
			method: 'POST',
			// At the authorization server, not the API (the credential signs requests to both).
			baseURL: "={{ String($credentials.authUrl ?? '').trim() }}",
			url: '/connect/revocation',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			json: false,
			// A 401 here refuses the client, not an expired token: no retry.
			ignoreHttpStatusErrors: true,
			// A redirect would carry the token and the client secret wherever it points.
			disableFollowRedirect: true,
		},
		{ preSend: [buildRevocationForm], postReceive: [revocationResult] },
	),
};

export const description: INodeProperties[] = [
	{
		displayName:
			'Revokes the access token the credential currently uses, at the authorization server (Authorization ' +
			'Server URL of the credential). The next request fetches a new token.',
		name: 'revokeNotice',
		type: 'notice',
		default: '',
	},
];
