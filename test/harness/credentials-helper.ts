import type {
	ICredentialDataDecryptedObject,
	ICredentials,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialsDetails,
	INodeProperties,
	IRequestOptionsSimplified,
	IWorkflowExecuteAdditionalData,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';

import type { Emulator } from '../emulator';

/** Our credential type's name, as the node references it and the harnesses' credential stores hold it. */
export const CREDENTIAL_TYPE = 'eSignatureApi';

/** Credential data of the emulator's demo account, for either grant. */
export function emulatorCredentials(
	emulator: Emulator,
	grantType: 'integration' | 'clientCredentials' = 'integration',
	overrides: ICredentialDataDecryptedObject = {},
): ICredentialDataDecryptedObject {
	const { demo } = emulator;
	return {
		grantType,
		environment: 'production',
		baseUrl: emulator.url,
		sandboxBaseUrl: '',
		authUrl: emulator.authUrl,
		clientId: demo.clientId,
		clientSecret: demo.clientSecret,
		username: demo.username,
		password: demo.password,
		accountId: demo.accountId,
		accountSecret: demo.accountSecret,
		accessToken: '',
		...overrides,
	};
}

/**
 * An in-memory stand-in for n8n's CredentialsHelper (packages/cli), which n8n-core does not ship.
 * It mirrors the parts our credential relies on: preAuthentication with the expirable field (run when the field is
 * empty or after a 401), saving its result, and the generic `authenticate` with expressions resolved.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	/** Stored credential data by credential id, as n8n's database would hold it (decrypted). */
	readonly store = new Map<string, ICredentialDataDecryptedObject>();

	/** How often preAuthentication ran, by reason. */
	preAuthenticationCalls = { empty: 0, expired: 0 };

	constructor(private readonly types: Record<string, ICredentialType>) {
		super();
	}

	private type(name: string): ICredentialType {
		const type = this.types[name];
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		if (!authenticate) return requestOptions as IHttpRequestOptions;
		if (typeof authenticate === 'function')
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		const resolve = (value: string) =>
			workflow && node
				? (workflow.expression.getSimpleParameterValue(
						node,
						value,
						'internal',
						{ $credentials: credentials },
						undefined,
						'',
					) as string)
				: value;
		const options = requestOptions as IHttpRequestOptions;
		for (const [where, values] of Object.entries(authenticate.properties) as Array<
			[string, Record<string, string>]
		>) {
			const target = ((options as unknown as Record<string, Record<string, unknown>>)[where] ??=
				{});
			for (const [key, value] of Object.entries(values)) target[key] = resolve(value);
		}
		return options;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (!expirable || !type.preAuthentication) return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		this.preAuthenticationCalls[credentialsExpired ? 'expired' : 'empty']++;
		const output = await type.preAuthentication.call(helpers, credentials);
		if (output[expirable.name] === undefined) return undefined;
		const id = node.credentials?.[typeName]?.id;
		if (id)
			this.store.set(id, {
				...this.store.get(id),
				...credentials,
				...(output as ICredentialDataDecryptedObject),
			});
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		if (!type.preAuthentication) return undefined;
		return (await type.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentials> {
		const data = this.data(nodeCredentials);
		return {
			id: nodeCredentials.id,
			name: nodeCredentials.name,
			type,
			getData: () => data,
		} as unknown as ICredentials;
	}

	/** How often a node read a credential (n8n reads it from its database and decrypts it each time). */
	decryptions = 0;

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: INodeCredentialsDetails,
	): Promise<ICredentialDataDecryptedObject> {
		this.decryptions++;
		// A copy, as n8n decrypts a fresh object for every execution.
		return { ...this.data(nodeCredentials) };
	}

	async updateCredentials(
		nodeCredentials: INodeCredentialsDetails,
		_type: string,
		data: ICredentialDataDecryptedObject,
	) {
		this.store.set(nodeCredentials.id ?? '', { ...data });
	}

	async updateCredentialsOauthTokenData() {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return this.type(type).properties;
	}

	private data(nodeCredentials: INodeCredentialsDetails): ICredentialDataDecryptedObject {
		const data = this.store.get(nodeCredentials.id ?? '');
		if (!data) throw new Error(`No credential stored with id ${nodeCredentials.id}`);
		return data;
	}
}

/** n8n's plain `httpRequest` helper as preAuthentication gets it: real HTTP with fetch, JSON parsed when it is JSON. */
export const preAuthenticationHelper = {
	helpers: {
		httpRequest: async (options: {
			url: string;
			method?: string;
			headers?: unknown;
			body?: unknown;
			returnFullResponse?: boolean;
		}) => {
			const response = await fetch(options.url, {
				method: options.method,
				headers: options.headers as Record<string, string>,
				body: options.body as string,
			});
			const text = await response.text();
			let body: unknown = text;
			try {
				body = JSON.parse(text);
			} catch {
				// not JSON: the text as it came
			}
			return options.returnFullResponse ? { statusCode: response.status, body, headers: {} } : body;
		},
	},
} as unknown as IHttpRequestHelper;
