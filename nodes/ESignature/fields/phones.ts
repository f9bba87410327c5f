import type { ItemChecks } from '../service/itemFunctions';
import { inputError, shown, textOf } from './validation';

// E.164 allows at most 15 digits, country code included; the shortest in use have 7.
const PHONE = /^\+?\d{7,15}$/;

const SEPARATORS = 'Spaces, dots, dashes and brackets between the digits are allowed.';

function readPhone(context: ItemChecks, value: unknown, label: string, international: boolean) {
	const text = textOf(context, value, label);
	if (!text) return undefined;
	const compact = text.replace(/[\s().-]/g, '');
	const [mustBe, hint] = international
		? [
				'phone number of 7 to 15 digits, starting with + and the country code',
				'Write it in international form, for example +966501234567.',
			]
		: [
				'mobile number of 7 to 15 digits',
				'Write its digits, for example 0599999999, or in international form (+966599999999).',
			];
	if (!PHONE.test(compact))
		throw inputError(
			context,
			`${label} must be a ${mustBe}, got "${shown(text)}"`,
			`${hint} ${SEPARATORS}`,
		);
	if (international && !compact.startsWith('+')) {
		const fix = compact.startsWith('00')
			? 'Write + instead of the leading 00'
			: compact.startsWith('0')
				? 'Replace the leading 0 with + and the country code'
				: 'Put + before the country code';
		throw inputError(
			context,
			`${label} must be in international form, starting with + and the country code, got "${shown(text)}"`,
			`The service cannot reach a number without its country code. ${fix}: for example +966501234567 for ` +
				`0501234567 in Saudi Arabia. ${SEPARATORS}`,
		);
	}
	return compact;
}

/** Without its country code the service accepts a number and cannot reach it (docs/service-api.md#decisions). */
export const optionalPhone = (context: ItemChecks, value: unknown, label: string) =>
	readPhone(context, value, label, true);

// The service texts nothing to it, and its reference writes it in local form.
export const optionalMobileNumber = (context: ItemChecks, value: unknown, label: string) =>
	readPhone(context, value, label, false);
