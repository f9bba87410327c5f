import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { DateTime } from 'luxon';
import { NodeOperationError } from 'n8n-workflow';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An error about what the user entered, raised before any request is sent. */
export function inputError(context: IExecuteSingleFunctions, message: string, description?: string) {
	return new NodeOperationError(context.getNode(), message, { itemIndex: context.getItemIndex(), description });
}

/** A field's value as text, trimmed: for identifiers, names and URLs, never for passwords or other secrets. */
export function toText(value: unknown): string {
	return typeof value === 'string' ? value.trim() : value === undefined || value === null ? '' : String(value);
}

/** An optional text field: undefined when empty, so it is left out of the request. */
export function optionalText(value: unknown): string | undefined {
	return toText(value) || undefined;
}

export function isGuid(value: string): boolean {
	return GUID.test(value);
}

/** A required GUID field: trimmed, present and GUID-shaped. */
export function requireGuid(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	const text = toText(value);
	if (!text) throw inputError(context, `${fieldLabel} is required`);
	if (!isGuid(text)) {
		throw inputError(
			context,
			`${fieldLabel} must be an ID like 3f2504e0-4f89-11d3-9a0c-0305e82c3301, got "${text}"`,
		);
	}
	return text;
}

/** An optional GUID field: undefined when empty (the service rejects empty GUIDs), checked otherwise. */
export function optionalGuid(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string | undefined {
	const text = toText(value);
	if (!text) return undefined;
	return requireGuid(context, text, fieldLabel);
}

export function requireEmail(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	const text = toText(value);
	if (!EMAIL.test(text)) {
		throw inputError(context, `${fieldLabel} must be an e-mail address, got "${text || '(empty)'}"`);
	}
	return text;
}

export function requireText(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	const text = toText(value);
	if (!text) throw inputError(context, `${fieldLabel} is required`);
	return text;
}

/**
 * A required http(s) URL, trimmed. Error messages show only the protocol and host: the rest of a URL (path, query)
 * may carry a key or token.
 */
export function requireHttpUrl(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	const text = requireText(context, value, fieldLabel);
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		throw inputError(context, `${fieldLabel} must be an http:// or https:// URL, got text that is not a URL`);
	}
	if (url.protocol !== 'http:' && url.protocol !== 'https:') {
		const start = url.host ? `${url.protocol}//${url.host}` : url.protocol;
		throw inputError(context, `${fieldLabel} must be an http:// or https:// URL, got one starting with "${start}"`);
	}
	return text;
}

/**
 * A date field as ISO 8601 UTC. Accepts what n8n date fields and expressions produce (ISO strings, with or without an
 * offset, Luxon DateTime, JS Date, epoch ms). Dates in the past are refused, as the service would refuse them after the request.
 */
export function futureDate(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	let date: DateTime;
	if (DateTime.isDateTime(value)) date = value;
	else if (value instanceof Date) date = DateTime.fromJSDate(value);
	else if (typeof value === 'number') date = DateTime.fromMillis(value);
	// n8n's date picker gives a local time without offset, meant in the workflow's timezone; an offset given wins.
	else if (typeof value === 'string' && value.trim()) date = DateTime.fromISO(value.trim(), { zone: context.getTimezone() });
	else throw inputError(context, `${fieldLabel} is required`);
	if (!date.isValid) {
		throw inputError(context, `${fieldLabel} is not a valid date: "${String(value)}"`, 'Use an ISO 8601 date such as 2027-01-31T17:00:00Z.');
	}
	if (date.toMillis() <= Date.now()) {
		throw inputError(context, `${fieldLabel} is in the past (${date.toUTC().toISO()}): choose a future date`);
	}
	return date.toUTC().toISO({ suppressMilliseconds: true }) as string;
}
