/**
 * Direct signing (v2 sign, sign by template) and identity-provider signing (v1, v2).
 */
import { findTemplate } from '../fixtures';
import {
	type Reply,
	fail,
	invalid,
	isObject,
	jsonReply,
	objectBody,
	ok,
	optionalArray,
	optionalString,
	pick,
	raise,
	requiredGuid,
	requiredString,
	wrapper,
} from '../http';
import { signedPdf } from '../pdf';
import { type ApiContext, type Route, api } from '../router';
import { type Profile, isActive } from '../state';
import { signSigners } from '../events';
import {
	type SignerDetails,
	decodePdf,
	matchSigner,
	parseSignerDetails,
	signerFromDetails,
} from './common';

const generalError = (): Reply => fail(100, 'GeneralError');

/** `signres` as signer details; undefined when missing or empty (callers choose the error). */
function signres(body: unknown): SignerDetails[] | undefined {
	const list = optionalArray(body, 'signres');
	if (!list || list.length === 0) return undefined;
	return list.map((raw, i) => parseSignerDetails(raw, `signres[${i}]`));
}

/** POST /api/v2/sign: the given signers sign the document's envelope (added when unknown). */
async function sign(ctx: ApiContext): Promise<Reply> {
	const body = objectBody(ctx.req.body);
	const documentId = requiredGuid(body, 'documentId');
	const details = signres(body);
	if (!details) return generalError();
	const found = ctx.core.state.documentOf(ctx.account, documentId);
	if (!found || !isActive(found.envelope)) return generalError();
	const { envelope } = found;
	const signers = details.map((d) => {
		const existing = matchSigner(envelope, d);
		if (existing) {
			// The invitation named the signer; the signing identity supplies what it lacked.
			existing.nationalId = existing.nationalId || d.nationalId || null;
			existing.phone = existing.phone || d.mobileNumber;
			existing.nameAr = existing.nameAr || d.nameAr;
			return existing;
		}
		const added = signerFromDetails(
			d,
			Math.max(0, ...envelope.signers.map((s) => s.signeOrder)) + 1,
		);
		envelope.signers.push(added);
		return added;
	});
	await signSigners(ctx.core.state, envelope, signers);
	return ok(true);
}

/** POST /api/v2/sign/by-template: creates an envelope from a template and completes it at once. */
async function signByTemplate(ctx: ApiContext): Promise<Reply> {
	const { state } = ctx.core;
	const body = objectBody(ctx.req.body);
	const templateId = requiredGuid(body, 'templateId');
	const template = findTemplate(templateId);
	if (!template) raise(404, 'Template not found', { status: 404 });
	if (template.recipientFields.length > 0) {
		return fail(
			209,
			'The template contains data that must be filled in by the recipient and cannot be used in this signing model',
		);
	}
	const details = signres(body);
	if (!details) return generalError();
	const fields = (optionalArray(body, 'templateFields') ?? []).map((raw, i) => {
		if (!isObject(raw)) invalid(`templateFields[${i}]`, 'A field object is required.');
		const fieldName = requiredString(raw, 'fieldName');
		if (!template.creatorFields.some((f) => f.toLowerCase() === fieldName.toLowerCase())) {
			invalid(`templateFields[${i}].fieldName`, `The template has no field '${fieldName}'.`);
		}
		const value = pick(raw, 'value');
		return { fieldName, value: value === undefined || value === null ? '' : String(value) };
	});
	const reference = optionalString(body, 'ReferenceNumber') || undefined;
	if (reference && state.referenceTaken(ctx.account, reference))
		raise(227, 'DuplicatedReferenceNumber');
	const envelope = state.createEnvelope(ctx.account, {
		files: [{ fileName: template.fileName, data: template.pdf }],
		referenceNumber: reference,
		templateId: template.id,
		password: optionalString(body, 'Password') || null,
	});
	envelope.templateFields = fields;
	envelope.signers = details.map((d, i) => signerFromDetails(d, i + 1));
	await signSigners(state, envelope, envelope.signers);
	return ok({
		documentId: envelope.documentId,
		envelopeId: envelope.envelopeId,
		referenceNumber: envelope.referenceNumber,
	});
}

/**
 * POST /api/v1|v2/esign/idp/sign (the spec) or /esign/nafath/sign (the published reference, the live profile): signs an
 * uploaded PDF for a signer who authenticated with the identity provider. The other profile's path is not there (404).
 */
const idpSign =
	(version: 1 | 2, profile: Profile) =>
	(ctx: ApiContext): Reply => {
		if (ctx.core.state.profile !== profile) return jsonReply(404, wrapper(null, 404, 'NotFound'));
		const body = objectBody(ctx.req.body);
		const requestId = requiredGuid(body, 'requestId');
		const file = pick(body, 'file');
		if (!isObject(file)) invalid('file', 'The file field is required.');
		const content = requiredString(file, 'file');
		const fileName = optionalString(file, 'fileName') || 'document.pdf';
		optionalString(file, 'password');
		for (const name of ['signatureAppearance', 'config']) {
			const value = pick(body, name);
			if (value !== undefined && value !== null && !isObject(value))
				invalid(name, `The ${name} field must be an object.`);
		}
		const details = version === 2 ? signres(body) : undefined;
		if (version === 2 && !details) invalid('signres', 'At least one signer is required.');
		if (!ctx.core.state.identityAuthenticated.has(requestId)) {
			return fail(100, 'Users must authenticate through the identity provider first');
		}
		const pdf = decodePdf(content, 'file.file', fileName);
		const names = details ? details.map((d) => d.nameEn) : [ctx.account.credentials.username];
		return ok(signedPdf(pdf, names).toString('base64'));
	};

export const signingRoutes: Route[] = [
	api('POST', '/api/v2/sign', 'json', sign),
	api('POST', '/api/v2/sign/by-template', 'json', signByTemplate),
	api('POST', '/api/v1/esign/idp/sign', 'json', idpSign(1, 'spec')),
	api('POST', '/api/v2/esign/idp/sign', 'json', idpSign(2, 'spec')),
	api('POST', '/api/v1/esign/nafath/sign', 'json', idpSign(1, 'live')),
	api('POST', '/api/v2/esign/nafath/sign', 'json', idpSign(2, 'live')),
];
