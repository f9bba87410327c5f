/**
 * Tenant configuration: the SMS provider.
 */
import { type Reply, invalid, objectBody, ok, pick, requiredString } from '../http';
import { type ApiContext, type Route, api } from '../router';

/** smsProvider values (public documentation): 1 Imissive, 2 Msegat, 3 Unifonic, 4 FourJawaly, 5 Infinito. */
export const SMS_PROVIDERS: Readonly<Record<number, string>> = {
	1: 'Imissive',
	2: 'Msegat',
	3: 'Unifonic',
	4: 'FourJawaly',
	5: 'Infinito',
};

/** PUT /api/v1/configuration/sms-provider: every field required; note the interface's spelling `smsUserame`. */
function setSmsProvider(ctx: ApiContext): Reply {
	const body = objectBody(ctx.req.body);
	const smsUrl = requiredString(body, 'smsUrl');
	const smsSender = requiredString(body, 'smsSender');
	const smsUserame = requiredString(body, 'smsUserame');
	const smsPassword = requiredString(body, 'smsPassword');
	const raw = pick(body, 'smsProvider');
	if (raw === undefined || raw === null || raw === '')
		invalid('smsProvider', 'The smsProvider field is required.');
	// The spec calls it a string identifier while its sample sends a number: accept both forms.
	const smsProvider = typeof raw === 'string' && /^\d+$/.test(raw.trim()) ? Number(raw) : raw;
	if (typeof smsProvider !== 'number' || !(smsProvider in SMS_PROVIDERS)) {
		invalid('smsProvider', `The value '${String(raw)}' is not a known SMS provider (1-5).`);
	}
	ctx.account.smsProvider = { smsUrl, smsSender, smsUserame, smsPassword, smsProvider };
	return ok(true);
}

export const configurationRoutes: Route[] = [
	api('PUT', '/api/v1/configuration/sms-provider', 'json', setSmsProvider),
];
