/**
 * Parsing shared by several route files: destinations (signer invitations),
 * signer details (`signres`), Base64 files and invitation bookkeeping.
 */
import {
	decodeBase64,
	invalid,
	isEmail,
	isObject,
	optionalBool,
	optionalDate,
	optionalInt,
	optionalString,
	raise,
	requirePdf,
} from '../http';
import type { Core } from '../router';
import { type EmulatedEnvelope, type EmulatedSigner, type Notification, newSigner } from '../state';

/** Authentication type 9, Absher one-time password: needs the signer's national ID. */
export const ABSHER_OTP = 9;

/**
 * One Destination, PascalCase or camelCase (binding is case-insensitive).
 * `field` prefixes validation messages, e.g. `Destinations[0]`.
 */
export function parseDestination(raw: unknown, field: string, index: number): EmulatedSigner {
	if (!isObject(raw)) invalid(field, 'A destination object is required.');
	const name = optionalString(raw, 'destinationName') ?? '';
	const email = optionalString(raw, 'destinationEmail') ?? '';
	const phone = optionalString(raw, 'destinationPhoneNumber') ?? '';
	if (email && !isEmail(email))
		invalid(`${field}.DestinationEmail`, `'${email}' is not a valid e-mail address.`);
	if (!email && !phone)
		invalid(`${field}.DestinationEmail`, 'An e-mail address or a phone number is required.');
	const authenticationType = optionalInt(raw, 'authenticationType') ?? 0;
	const nationalId = optionalString(raw, 'nationalId') || null;
	// The service's documented error 147, also seen live (docs/service-api.md#signer-verification).
	if (authenticationType === ABSHER_OTP && !nationalId)
		raise(147, 'NationalId is required for AbsherOtp authentication');
	return newSigner({
		name: name || email || phone,
		email,
		phone,
		signeOrder: optionalInt(raw, 'signeOrder') ?? index + 1,
		nationalId,
		authenticationType,
		destinationType: optionalInt(raw, 'destinationType') ?? 1,
		invitationLanguage: optionalInt(raw, 'invitationLanguage') ?? 0,
		availableTo: optionalDate(raw, 'availableTo') ?? null,
		consentOnly: optionalBool(raw, 'consentOnly') ?? false,
		allowUserToSignAnyWhere: optionalBool(raw, 'allowUserToSignAnyWhere') ?? false,
		redirectUrl: optionalString(raw, 'redirectUrl') ?? null,
	});
}

/** A non-empty array of destinations (errorCode 8 when missing or empty). */
export function parseDestinations(raw: unknown, field: string): EmulatedSigner[] {
	if (!Array.isArray(raw) || raw.length === 0)
		invalid(field, 'At least one destination is required.');
	return raw.map((d, i) => parseDestination(d, `${field}[${i}]`, i));
}

export interface SignerDetails {
	nameEn: string;
	nameAr: string | null;
	nationalId: string;
	mobileNumber: string;
	emailAddress: string;
}

/** One `signres` element. */
export function parseSignerDetails(raw: unknown, field: string): SignerDetails {
	if (!isObject(raw)) invalid(field, 'A signer object is required.');
	const s = (name: string): string => optionalString(raw, name) ?? '';
	const join = (...parts: string[]): string => parts.filter(Boolean).join(' ');
	const emailAddress = s('emailAddress');
	if (emailAddress && !isEmail(emailAddress))
		invalid(`${field}.emailAddress`, `'${emailAddress}' is not a valid e-mail address.`);
	const nameEn = join(s('firstNameEnglish'), s('secondNameEnglish'), s('familyNameEnglish'));
	const nameAr = join(s('firstNameArabic'), s('secondNameArabic'), s('familyNameArabic'));
	return {
		nameEn: nameEn || nameAr || emailAddress,
		nameAr: nameAr || null,
		nationalId: s('nationalId'),
		mobileNumber: s('mobileNumber'),
		emailAddress,
	};
}

/** The envelope signer matching these details (e-mail, then national id, then phone). */
export function matchSigner(
	envelope: EmulatedEnvelope,
	d: SignerDetails,
): EmulatedSigner | undefined {
	const eq = (a: string | null, b: string): boolean =>
		!!a && !!b && a.toLowerCase() === b.toLowerCase();
	return (
		envelope.signers.find((s) => eq(s.email, d.emailAddress)) ??
		envelope.signers.find((s) => eq(s.nationalId, d.nationalId)) ??
		envelope.signers.find((s) => eq(s.phone, d.mobileNumber))
	);
}

export function signerFromDetails(d: SignerDetails, signeOrder: number): EmulatedSigner {
	return newSigner({
		name: d.nameEn,
		nameAr: d.nameAr,
		email: d.emailAddress,
		phone: d.mobileNumber,
		nationalId: d.nationalId || null,
		signeOrder,
	});
}

/** A Base64 file that must decode to a PDF (errorCode 8 otherwise). */
export function decodePdf(base64: string, field: string, fileName: string): Buffer {
	const data = decodeBase64(base64, field);
	requirePdf(data, field, fileName);
	return data;
}

export function signingLink(
	core: Core,
	envelope: EmulatedEnvelope,
	signer: EmulatedSigner,
): string {
	return `${core.url}/sign/${envelope.documentId}/${signer.destinationId}`;
}

/** Records that an invitation went out (e-mail when there is an address, else SMS). */
export function notifyInvitation(
	core: Core,
	envelope: EmulatedEnvelope,
	signer: EmulatedSigner,
	via: string,
	kind: Notification['kind'] = 'invitation',
): void {
	signer.invited = true;
	envelope.invitationsSent = true;
	core.state.notifications.push({
		kind,
		via,
		channel: signer.email ? 'email' : 'sms',
		to: signer.email || signer.phone,
		envelopeId: envelope.envelopeId,
		documentId: envelope.documentId,
		destinationId: signer.destinationId,
		subject: envelope.invitationSubject,
		message: envelope.invitationMessage,
		link: signingLink(core, envelope, signer),
		at: new Date(),
	});
}
