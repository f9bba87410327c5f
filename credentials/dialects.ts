import { createHash } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { baseUrlField, text } from './environment';
import { withoutTrailingSlashes } from './text';

// Numbered as in docs/service-api.md#spec-and-live-service.
export type Dialect =
	| 'integrationGrantBasic' // 1. the token request's Basic pair
	| 'createFromBase64Body' // 2. `files` or `File`
	| 'identitySigningPath'; // 3. `idp` or `nafath`

export type Form = 'spec' | 'live';

export const otherForm = (form: Form): Form => (form === 'spec' ? 'live' : 'spec');

const CREDENTIALS_KEPT = 500;

const learnt = new Map<string, Partial<Record<Dialect, Form>>>();

// Address and identifiers, never a secret.
function credentialIdentity(credentials: ICredentialDataDecryptedObject): string {
	const base = text(credentials, baseUrlField(credentials).key);
	const identity = [
		withoutTrailingSlashes(base),
		...['grantType', 'clientId', 'accountId', 'username'].map((key) => text(credentials, key)),
	];
	return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

export function learntForm(
	credentials: ICredentialDataDecryptedObject,
	dialect: Dialect,
): Form | undefined {
	return learnt.get(credentialIdentity(credentials))?.[dialect];
}

export function formFor(credentials: ICredentialDataDecryptedObject, dialect: Dialect): Form {
	return learntForm(credentials, dialect) ?? 'spec';
}

export function learn(
	credentials: ICredentialDataDecryptedObject,
	dialect: Dialect,
	form: Form,
): void {
	const key = credentialIdentity(credentials);
	const known = learnt.get(key) ?? {};
	if (known[dialect] === form) return;
	learnt.delete(key);
	learnt.set(key, { ...known, [dialect]: form });
	while (learnt.size > CREDENTIALS_KEPT) learnt.delete(learnt.keys().next().value as string);
}

export const INTEGRATION_BASIC_FIELDS = {
	spec: { id: 'clientId', secret: 'clientSecret', label: 'Client ID and Client Secret' },
	live: { id: 'accountId', secret: 'accountSecret', label: 'Account ID and Account Secret' },
};

export function refusesBasicPair(statusCode: number, body: Record<string, unknown>): boolean {
	return statusCode === 401 || body.error === 'invalid_client';
}

interface FailedAnswer {
	httpStatus: number | null;
	code: number | string;
	validationErrors?: IDataObject;
	serviceMessage: string | null;
}

export interface Alternative {
	dialect: Dialect;
	credentials: ICredentialDataDecryptedObject;
	form: Form;
	rebuild: (options: IHttpRequestOptions, form: Form) => void;
}

const namesField = (errors: IDataObject | undefined, name: string) =>
	Object.keys(errors ?? {}).some((key) => key.toLowerCase() === name.toLowerCase());

export function refusesForm({ dialect, form }: Alternative, answer: FailedAnswer): boolean {
	if (dialect === 'identitySigningPath') return answer.httpStatus === 404;
	if (dialect !== 'createFromBase64Body' || Number(answer.code) !== 8) return false;
	const wanted = form === 'spec' ? 'File' : 'files';
	return (
		namesField(answer.validationErrors, wanted) ||
		new RegExp(`\\b${wanted} is required`, 'i').test(answer.serviceMessage ?? '')
	);
}

export function identitySigningPath(version: 1 | 2, form: Form): string {
	return `/api/v${version}/esign/${form === 'spec' ? 'idp' : 'nafath'}/sign`;
}
