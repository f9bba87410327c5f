import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { bearerHeader, obtainAccessToken } from './accessToken';
import { signedHosts, signedUrl } from './environment';
import { FRESH_TOKEN_REFUSED_ADVICE } from './tokenRefusal';

// n8n's HTTP layer sends a body again on a 307 or 308 redirect.
function carriesBody({ body, method }: IHttpRequestOptions): boolean {
	if (body === undefined || body === null || body === '') return false;
	if ([undefined, 'GET', 'HEAD'].includes(method)) return false;
	if (typeof body !== 'object' || Buffer.isBuffer(body) || Object.keys(body).length) return true;
	return Object.getPrototypeOf(body) !== Object.prototype && !Array.isArray(body);
}

const requiredField = (displayName: string, name: string, secret = false): INodeProperties => ({
	displayName,
	name,
	type: 'string',
	...(secret ? { typeOptions: { password: true } } : {}),
	default: '',
	required: true,
});

const integrationField = (displayName: string, name: string, secret = false): INodeProperties => ({
	...requiredField(displayName, name, secret),
	displayOptions: { show: { grantType: ['integration'] } },
});

export class ESignatureApi implements ICredentialType {
	name = 'eSignatureApi';

	displayName = 'E-Signature API';

	icon = {
		light: 'file:../icons/esignature.svg',
		dark: 'file:../icons/esignature.dark.svg',
	} as const;

	documentationUrl = 'https://github.com/esignature-n8n/n8n-nodes-esignature#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Grant Type',
			name: 'grantType',
			type: 'options',
			options: [
				{
					name: 'Integration',
					value: 'integration',
					description:
						'An account user and its account secret, with an integration client: the service issues the token itself',
				},
				{
					name: 'Client Credentials',
					value: 'clientCredentials',
					description: 'OAuth 2.0 client ID and secret, exchanged at the authorization server',
				},
			],
			default: 'integration',
		},
		{
			displayName: 'Environment',
			name: 'environment',
			type: 'options',
			options: [
				{ name: 'Production', value: 'production' },
				{ name: 'Sandbox', value: 'sandbox' },
			],
			default: 'production',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://api.example-esign.com',
			description: 'Address of the production API, as given in your account settings',
			displayOptions: { show: { environment: ['production'] } },
		},
		{
			displayName: 'Sandbox Base URL',
			name: 'sandboxBaseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://sandbox.example-esign.com',
			description: 'Address of the sandbox API',
			displayOptions: { show: { environment: ['sandbox'] } },
		},
		{
			displayName: 'Authorization Server URL',
			name: 'authUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'https://identity.example-esign.com',
			description:
				'Address of the OAuth authorization server of the chosen environment (tokens are issued at /connect/token)',
			displayOptions: { show: { grantType: ['clientCredentials'] } },
		},
		{
			displayName: 'Authorization Server URL',
			name: 'authUrl',
			type: 'string',
			default: '',
			placeholder: 'https://identity.example-esign.com',
			description:
				'Only needed for the Revoke Access Token operation (tokens are revoked at /connect/revocation)',
			displayOptions: { show: { grantType: ['integration'] } },
		},
		requiredField('Client ID', 'clientId'),
		requiredField('Client Secret', 'clientSecret', true),
		{
			...integrationField('Username', 'username'),
			description: 'E-mail address of the account user the integration acts as',
		},
		integrationField('Password', 'password', true),
		integrationField('Account ID', 'accountId'),
		integrationField('Account Secret', 'accountSecret', true),
		{
			displayName: 'n8n API Key',
			name: 'n8nApiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			description:
				'Optional. An API key of this n8n (scope workflow:list): the Webhook list then also shows E-Signature ' +
				'Triggers whose workflow is not published yet. Sent only to this n8n, never to the e-signature service.',
		},
		{
			displayName: 'n8n API Address',
			name: 'n8nApiUrl',
			type: 'string',
			default: '',
			placeholder: 'https://n8n.example.com',
			description:
				"Optional. Where the n8n API Key is sent: this n8n's address, https. Empty: n8n's own address, used only " +
				'when it is this machine (localhost).',
			displayOptions: { hide: { n8nApiKey: [''] } },
		},
		{
			// Filled by preAuthentication; n8n empties it and calls preAuthentication again after a 401.
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		return { accessToken: await obtainAccessToken(this, credentials) };
	}

	// A field, not a method, and no generic form: docs/n8n-notes.md#editor-credential-types says why.
	authenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		// n8n's older request helper (used by the HTTP Request node) names the address `uri`.
		const legacy = requestOptions as IHttpRequestOptions & { uri?: string };
		const { baseURL, url } = signedUrl(credentials, legacy.url ?? legacy.uri ?? '', legacy.baseURL);
		// On the caller's options too (n8n sends a copy): a refusal then tells which token to renew.
		requestOptions.headers = {
			...requestOptions.headers,
			Authorization: bearerHeader(String(credentials.accessToken ?? '')),
		};
		return {
			...requestOptions,
			...(baseURL ? { baseURL } : {}),
			...(legacy.uri !== undefined && legacy.url === undefined ? {} : { url }),
			headers: { ...requestOptions.headers },
			// Neither the token nor a body follows a redirect elsewhere (docs/security.md#the-credential-and-redirects).
			sendCredentialsOnCrossOriginRedirect: false,
			allowedDomains: requestOptions.allowedDomains || signedHosts(credentials).join(','),
			...(carriesBody(requestOptions) ? { disableFollowRedirect: true } : {}),
		};
	};

	// The cheapest call that needs a valid token.
	test: ICredentialTestRequest = {
		request: {
			baseURL:
				'={{ $credentials.environment === "sandbox" ? $credentials.sandboxBaseUrl : $credentials.baseUrl }}',
			url: '/api/v1/webhooks',
			method: 'GET',
		},
		rules: [401, 3].map((code) => ({
			type: 'responseSuccessBody' as const,
			properties: {
				key: 'errorCode',
				value: code,
				message:
					`The service refused the access token it had just issued (error ${code} Unauthorized). ` +
					FRESH_TOKEN_REFUSED_ADVICE,
			},
		})),
	};
}
