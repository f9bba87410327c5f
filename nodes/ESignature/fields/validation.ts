import { DateTime } from 'luxon';

import { GUID_PATTERN, ID_EXAMPLE } from './common';
import { detailedError, INVALID_INPUT } from '../service/errorItems';
import {
	controlCharacterIn,
	httpUrlProblem,
	type Lines,
	MAX_LENGTH,
} from '../../../credentials/text';
import type { ItemChecks } from '../service/itemFunctions';
import { unregisteredTriggerOf } from '../service/n8nWebhookUrls';

/** A check of what the user entered, naming the field by its label; what it gives is what is sent. */
export type Rule = (
	context: ItemChecks,
	value: unknown,
	label: string,
	parameter?: string,
) => unknown;

const GUID = new RegExp(`^${GUID_PATTERN}$`);
// The service answers a failed creation with this ID (docs/service-api.md#envelope).
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';
const EMAIL = /^[^\s@.]+(?:\.[^\s@.]+)*@[^\s@.]+(?:\.[^\s@.]+)+$/;

// The service's integers are 32-bit: a larger number fails its model binding (error 8).
export const MAX_INTEGER = 2_147_483_647;

export function inputError(context: ItemChecks, message: string, description?: string) {
	// An API error by class: n8n re-wraps any other with the code "none" (docs/n8n-notes.md#error-codes-in-the-editor).
	return detailedError(
		context.getNode(),
		{},
		{ message, description, httpCode: INVALID_INPUT, itemIndex: context.getItemIndex() },
		{ kind: 'input', code: INVALID_INPUT, meaning: message },
	);
}

export function shown(value: unknown, max = 40) {
	let text: string;
	try {
		text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
	} catch {
		text = String(value);
	}
	text = text.replace(/\p{Cc}/gu, ' ');
	return text.length > max ? `${text.slice(0, max - 3)}...` : text;
}

export function kindOf(value: unknown) {
	if (Array.isArray(value)) return 'a list';
	if (typeof value === 'object') return 'an object';
	return `a ${typeof value}`;
}

// Never shows the rest of the value: it may be a secret.
function refuseControlCharacters(context: ItemChecks, text: string, label: string, lines: Lines) {
	const found = controlCharacterIn(text, lines);
	if (found)
		throw inputError(
			context,
			`${label} has a control character (${found})`,
			lines === 'multi'
				? 'Line breaks and tabs are allowed here; other control characters are not.'
				: 'This field is one line of text: remove line breaks, tabs and other control characters.',
		);
}

/** Never an object, which String() makes "[object Object]". */
export function textOf(
	context: ItemChecks,
	value: unknown,
	label: string,
	maxLength: number = MAX_LENGTH.text,
	lines: Lines = 'single',
) {
	if (typeof (value ?? '') !== 'string' && !Number.isFinite(value) && typeof value !== 'bigint')
		throw inputError(context, `${label} must be text, got ${kindOf(value)}: ${shown(value)}`);
	const text = toText(value);
	if (text.length > maxLength)
		throw inputError(
			context,
			`${label} is too long: ${text.length.toLocaleString('en-US')} characters, at most ` +
				`${maxLength.toLocaleString('en-US')}`,
		);
	refuseControlCharacters(context, text, label, lines);
	return text;
}

export const toText = (value: unknown) =>
	typeof value === 'string' ? value.trim() : String(value ?? '');

export const optionalText = (...args: Parameters<typeof textOf>) => textOf(...args) || undefined;

export function requireText(...args: Parameters<typeof textOf>) {
	const text = textOf(...args);
	if (!text) throw inputError(args[0], `${args[2]} is required`);
	return text;
}

/** Exactly as entered, never shown; blank protects nothing, and a header token travels in a header. */
export function secretOf(context: ItemChecks, value: unknown, label: string) {
	if (typeof (value ?? '') !== 'string' && !Number.isFinite(value))
		throw inputError(context, `${label} must be text, got ${kindOf(value)}`);
	const secret = String(value ?? '');
	if (secret.length > MAX_LENGTH.secret)
		throw inputError(
			context,
			`${label} is too long: at most ${MAX_LENGTH.secret.toLocaleString('en-US')} characters`,
		);
	if (secret && !secret.trim()) throw inputError(context, `${label} is blank: it has only spaces`);
	refuseControlCharacters(context, secret, label, 'single');
	return secret;
}

export const isGuid = (value: string) => GUID.test(value);

/** An empty required ID; the default {{ $json.envelopeId }} finds nothing in an item from a node without one. */
function missingId(context: ItemChecks, label: string, parameter?: string) {
	let raw = parameter ? context.getNode().parameters[parameter] : undefined;
	if (raw && typeof raw === 'object' && '__rl' in raw) raw = raw.value;
	if (typeof raw !== 'string' || !raw.startsWith('='))
		return inputError(context, `${label} is required`);
	const expression = raw.slice(1).replace(/\s+/g, ' ').trim();
	const key = /^\{\{ ?\$json\.([A-Za-z_$][\w$]*) ?\}\}$/.exec(expression)?.[1];
	// What a create operation outputs.
	const created = /^(Envelope|Document) ID$/.exec(label)?.[1].toLowerCase();
	return inputError(
		context,
		`${label} is required: the expression ${shown(expression, 80)} ` +
			(key ? `found no ${key} in the input item` : 'gave nothing for this item'),
		created
			? `Map the ${created} ID from the node that created the envelope (its output field ${created}Id), or ` +
					'type it.'
			: `Map the ${label} from an earlier node's output, or type it.`,
	);
}

/** `parameter`: the node's parameter (not an entry of a list), whose expression missingId names. */
export function requireGuid(
	context: ItemChecks,
	value: unknown,
	label: string,
	parameter?: string,
) {
	const text = textOf(context, value, label);
	if (!text) throw missingId(context, label, parameter);
	if (!isGuid(text)) {
		const unregistered = unregisteredTriggerOf(text);
		if (unregistered)
			throw inputError(
				context,
				`${label} names the E-Signature Trigger of workflow ` +
					(unregistered.workflow
						? `"${shown(unregistered.workflow)}"`
						: `ID ${unregistered.workflowId}`) +
					', which has no webhook at the service yet',
				'Its workflow is not published, or the service lost its webhook: publish the workflow (again), and the ' +
					'trigger registers its webhook. Then pick it again in the list, where its workflow is followed by ' +
					'"webhook" and the start of its ID.',
			);
		const reference = /^(?:n8n|ref)-/i.test(text);
		throw inputError(
			context,
			`${label} must be an ID like ${ID_EXAMPLE}, got ${reference ? 'the reference number ' : ''}` +
				`"${shown(text)}"`,
			reference
				? `A reference number names an envelope for you, not for the service. Use the ID the create ` +
						`operation output (envelopeId, documentId) instead.`
				: undefined,
		);
	}
	if (text === EMPTY_GUID)
		throw inputError(
			context,
			`${label} is the empty ID ${EMPTY_GUID}, which names nothing`,
			'The service answers a failed creation with this ID. Take the ID from a successful answer.',
		);
	return text;
}

/** Undefined when empty: the service rejects empty GUIDs. */
export const optionalGuid = (context: ItemChecks, value: unknown, label: string) =>
	textOf(context, value, label) ? requireGuid(context, value, label) : undefined;

export function requireEmail(context: ItemChecks, value: unknown, label: string) {
	const text = textOf(context, value, label, MAX_LENGTH.email);
	if (!EMAIL.test(text))
		throw inputError(
			context,
			`${label} must be an e-mail address, got "${shown(text) || '(empty)'}"`,
		);
	return text;
}

export function requireHttpUrl(context: ItemChecks, value: unknown, label: string) {
	const text = requireText(context, value, label, MAX_LENGTH.url);
	const problem = httpUrlProblem(text);
	if (problem) throw inputError(context, `${label} ${problem}`);
	return text;
}

export const numberIn = (value: unknown) =>
	typeof value === 'number'
		? value
		: typeof value === 'string' && value.trim()
			? Number(value)
			: NaN;

export function integerOf(
	context: ItemChecks,
	value: unknown,
	label: string,
	{ min = 0, max = MAX_INTEGER }: { min?: number; max?: number } = {},
) {
	const number = numberIn(value);
	if (!Number.isInteger(number))
		throw inputError(
			context,
			`${label} must be a whole number, got ${value === '' ? '(empty)' : `"${shown(value)}"`}`,
		);
	if (number < min || number > max) {
		const range =
			max === MAX_INTEGER
				? number < min
					? `${min} or more`
					: `at most ${max}`
				: `between ${min} and ${max}`;
		throw inputError(context, `${label} must be ${range}, got ${number}`);
	}
	return number;
}

export function booleanOf(context: ItemChecks, value: unknown, label: string) {
	if (typeof value === 'boolean') return value;
	const text = typeof value === 'string' ? value.trim().toLowerCase() : undefined;
	if (text === 'true' || text === 'false') return text === 'true';
	throw inputError(
		context,
		`${label} must be true or false, got ${kindOf(value)}: ${shown(value)}`,
	);
}

export function futureDate(context: ItemChecks, value: unknown, label: string) {
	let date: DateTime;
	if (DateTime.isDateTime(value)) date = value;
	else if (value instanceof Date) date = DateTime.fromJSDate(value);
	else if (typeof value === 'number') date = DateTime.fromMillis(value);
	// n8n's date picker gives a local time without offset, meant in the workflow's timezone; an offset given wins.
	else if (typeof value === 'string' && value.trim())
		date = DateTime.fromISO(value.trim(), { zone: context.getTimezone() });
	else if ((value ?? '') === '') throw inputError(context, `${label} is required`);
	else throw inputError(context, `${label} must be a date, got ${kindOf(value)}: ${shown(value)}`);
	if (!date.isValid)
		throw inputError(
			context,
			`${label} is not a valid date: "${shown(value)}"`,
			'Use an ISO 8601 date such as 2027-01-31T17:00:00Z.',
		);
	if (date.toMillis() <= Date.now())
		throw inputError(
			context,
			`${label} is in the past (${date.toUTC().toISO()}): choose a future date`,
		);
	return date.toUTC().toISO({ suppressMilliseconds: true }) as string;
}
