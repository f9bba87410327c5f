import { createHash } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IHttpRequestOptions,
} from 'n8n-workflow';

import { text } from './environment';
import { withoutTrailingSlashes } from './text';

/*
 * Where the live service answers differently from the spec (docs/service-api.md#spec-and-live-service). The spec's
 * form is sent first; when the answer shows the other is wanted, the other is sent once, and the accepted form is
 * remembered for the credential in memory. Nothing is a switch: one package serves both kinds of account.
 */

/** Each difference: a form the spec gives and one the live service was seen to want (numbered as in the doc above). */
export type Dialect =
	/** 1. Token request's Basic pair. Spec: client pair; live sandbox: account pair. Detected: 401 / invalid_client. */
	| 'integrationGrantBasic'
	/**
	 * 2. Create From Base64's body. Spec: `files: {fileId, file, fileName}`; live: `File: {file, fileName}`, the spec
	 * form refused with errorCode 8 "File is required field". Detected: errorCode 8 naming `File` (or `files`).
	 */
	| 'createFromBase64Body'
	/** 3. Identity signing's path. Spec: `.../esign/idp/sign`; published reference: `.../nafath/sign`. Detected: 404. */
	| 'identitySigningPath';

export type Form = 'spec' | 'live';

export const otherForm = (form: Form): Form => (form === 'spec' ? 'live' : 'spec');

/** Credentials remembered at most: an n8n instance has a few; the oldest is forgotten first. */
const CREDENTIALS_KEPT = 500;

/** What each credential (by the digest of its identity) was seen to want, for the dialects where it is known. */
const learnt = new Map<string, Partial<Record<Dialect, Form>>>();

/** Which account at which service a credential is: its address and identifiers, never a secret, as a digest. */
function credentialIdentity(credentials: ICredentialDataDecryptedObject): string {
	const base = text(
		credentials,
		credentials.environment === 'sandbox' ? 'sandboxBaseUrl' : 'baseUrl',
	);
	const identity = [
		withoutTrailingSlashes(base),
		...['grantType', 'clientId', 'accountId', 'username'].map((key) => text(credentials, key)),
	];
	return createHash('sha256').update(JSON.stringify(identity)).digest('hex');
}

/** The form to send first for this credential: the one it was seen to want, else the spec's. */
export function formFor(credentials: ICredentialDataDecryptedObject, dialect: Dialect): Form {
	return learnt.get(credentialIdentity(credentials))?.[dialect] ?? 'spec';
}

export function learn(
	credentials: ICredentialDataDecryptedObject,
	dialect: Dialect,
	form: Form,
): void {
	const key = credentialIdentity(credentials);
	const known = learnt.get(key) ?? {};
	if (known[dialect] === form && learnt.has(key)) return;
	learnt.delete(key);
	learnt.set(key, { ...known, [dialect]: form });
	while (learnt.size > CREDENTIALS_KEPT) learnt.delete(learnt.keys().next().value as string);
}

/** The credential fields of each form's Basic pair, as the user sees them (named in errors, never their values). */
export const INTEGRATION_BASIC_FIELDS: Record<Form, { id: string; secret: string; label: string }> =
	{
		spec: { id: 'clientId', secret: 'clientSecret', label: 'Client ID and Client Secret' },
		live: { id: 'accountId', secret: 'accountSecret', label: 'Account ID and Account Secret' },
	};

/** Whether the token endpoint refused the client (the Basic pair), the live sandbox's answer to the other form. */
export function refusesBasicPair(statusCode: number, body: Record<string, unknown>): boolean {
	return statusCode === 401 || body.error === 'invalid_client';
}

/** What the retry in the other form knows of a failed answer: its HTTP status, the errorCode and field problems. */
interface FailedAnswer {
	httpStatus: number | null;
	code: number | string;
	validationErrors?: IDataObject;
	serviceMessage: string | null;
}

/** A request built in one form that can be made in the other (offerAlternative, routing/engineWorkarounds.ts). */
export interface Alternative {
	dialect: Dialect;
	credentials: ICredentialDataDecryptedObject;
	/** The form the request is in now. */
	form: Form;
	/** Makes the request in the given form (its body or path). */
	rebuild: (options: IHttpRequestOptions, form: Form) => void;
}

const namesField = (errors: IDataObject | undefined, name: string) =>
	Object.keys(errors ?? {}).some((key) => key.toLowerCase() === name.toLowerCase());

/** Whether a failed answer says the request was in the form the account does not take (see Dialect). */
export function refusesForm(alternative: Alternative, answer: FailedAnswer): boolean {
	switch (alternative.dialect) {
		case 'createFromBase64Body': {
			if (Number(answer.code) !== 8) return false;
			const wanted = alternative.form === 'spec' ? 'File' : 'files';
			return (
				namesField(answer.validationErrors, wanted) ||
				new RegExp(`\\b${wanted} is required`, 'i').test(answer.serviceMessage ?? '')
			);
		}
		case 'identitySigningPath':
			return answer.httpStatus === 404;
		default:
			return false;
	}
}

export function identitySigningPath(version: 1 | 2, form: Form): string {
	return `/api/v${version}/esign/${form === 'spec' ? 'idp' : 'nafath'}/sign`;
}
