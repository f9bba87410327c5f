import type { ICredentialDataDecryptedObject, IHttpRequestOptions } from 'n8n-workflow';

import { type Form, INTEGRATION_BASIC_FIELDS } from './dialects';
import {
	authUrlOf,
	baseUrlField,
	baseUrlOf,
	controlProblem,
	ESignatureCredentialError,
	grantTypeOf,
	SECRET_FIELDS,
	text,
} from './environment';

const LABELS: Record<string, string> = {
	authUrl: 'Authorization Server URL',
	clientId: 'Client ID',
	clientSecret: 'Client Secret',
	username: 'Username',
	password: 'Password',
	accountId: 'Account ID',
	accountSecret: 'Account Secret',
};

function requireFields(credentials: ICredentialDataDecryptedObject, grant: string, keys: string[]) {
	const missing = keys.filter((key) => text(credentials, key) === '').map((key) => LABELS[key]);
	if (missing.length)
		throw new ESignatureCredentialError(
			`The ${grant} grant needs: ${missing.join(', ')}. Fill them in the credential.`,
		);
	for (const key of keys) {
		const value = text(credentials, key);
		const problem =
			SECRET_FIELDS.has(key) && value.trim() === ''
				? 'is blank: it has only spaces'
				: controlProblem(value);
		if (problem) throw new ESignatureCredentialError(`${LABELS[key]} of the credential ${problem}`);
	}
}

const formPost = (url: string, form: Record<string, string>, authorization?: string) => ({
	method: 'POST' as const,
	url,
	headers: {
		'Content-Type': 'application/x-www-form-urlencoded',
		...(authorization ? { Authorization: authorization } : {}),
	},
	body: new URLSearchParams(form).toString(),
});

export interface TokenRequest {
	request: IHttpRequestOptions & { url: string };
	identity: string[];
	grantLabel: string;
	fieldsToCheck: string;
	// The field whose address the token request goes to.
	addressField: string;
}

export function tokenRequest(
	credentials: ICredentialDataDecryptedObject,
	basic: Form = 'spec',
): TokenRequest {
	const clientId = text(credentials, 'clientId');
	const clientSecret = text(credentials, 'clientSecret');
	if (grantTypeOf(credentials) === 'clientCredentials') {
		requireFields(credentials, 'Client Credentials', ['authUrl', 'clientId', 'clientSecret']);
		const authUrl = authUrlOf(credentials);
		return {
			grantLabel: 'Client Credentials',
			fieldsToCheck: 'Client ID and Client Secret',
			addressField: LABELS.authUrl,
			identity: ['clientCredentials', authUrl, clientId, clientSecret],
			request: formPost(`${authUrl}/connect/token`, {
				grant_type: 'client_credentials',
				client_id: clientId,
				client_secret: clientSecret,
				scope: 'Integrationscope',
			}),
		};
	}
	requireFields(
		credentials,
		'Integration',
		Object.keys(LABELS).filter((key) => key !== 'authUrl'),
	);
	const baseUrl = baseUrlOf(credentials);
	const form = {
		grant_type: 'integration',
		username: text(credentials, 'username'),
		password: text(credentials, 'password'),
		accountId: text(credentials, 'accountId'),
		accountSecret: text(credentials, 'accountSecret'),
	};
	const { id, secret } = INTEGRATION_BASIC_FIELDS[basic];
	const pair = Buffer.from(`${text(credentials, id)}:${text(credentials, secret)}`);
	return {
		grantLabel: 'Integration',
		fieldsToCheck: 'Client ID, Client Secret, Username, Password, Account ID and Account Secret',
		addressField: baseUrlField(credentials).label,
		identity: ['integration', baseUrl, clientId, clientSecret, ...Object.values(form)],
		request: formPost(
			`${baseUrl}/Authentication/Authority/Token`,
			form,
			`Basic ${pair.toString('base64')}`,
		),
	};
}
