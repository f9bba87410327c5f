/**
 * KYB: commercial registration (CR) check v2.
 */
import { KNOWN_CR_NUMBER, type Language, crRecord } from '../fixtures';
import { type Reply, fail, invalid, ok } from '../http';
import { type ApiContext, type Route, api } from '../router';

/** GET /api/v2/kyb/check-cr/{commercialNumber}?language=ar|en (ar by default). */
function checkCr(ctx: ApiContext): Reply {
	const language = (ctx.req.query.language ?? 'ar').toLowerCase();
	if (language !== 'ar' && language !== 'en')
		invalid(
			'language',
			`The value '${ctx.req.query.language}' is not valid for language (ar or en).`,
		);
	if (ctx.params.commercialNumber.trim() !== KNOWN_CR_NUMBER) {
		return fail(149, 'CR number is not registered with the ministry of commerce');
	}
	return ok(crRecord(language as Language));
}

export const kybRoutes: Route[] = [
	api('GET', '/api/v2/kyb/check-cr/:commercialNumber', 'none', checkCr),
];
