import type { IDataObject, INodePropertyOptions } from 'n8n-workflow';

import {
	apiName,
	AUTHENTICATION_TYPE,
	DESTINATION_FIELDS,
	type DestinationStyle,
	EMAIL,
	LANGUAGE,
	NAME,
	NATIONAL_ID,
	PHONE,
	SIGN_ORDER,
} from './recipients';
import { AUTHENTICATION_TYPES } from './enums';
import { namedValueOf } from './namedValues';
import { findFieldKey, isPlainObject, jsonListParameter, jsonObjectParameter } from './json';
import {
	booleanOf,
	futureDate,
	inputError,
	integerOf,
	requireEmail,
	requireHttpUrl,
	textOf,
} from './validation';
import { optionalPhone } from './phones';
import { MAX_LENGTH } from '../../../credentials/text';
import type { ItemChecks, ItemFunctions } from '../service/itemFunctions';

const SAVED_INVITATION_LANGUAGE_NUMBERS: Record<number, string> = {
	0: 'Arabic',
	1: 'English',
};

// docs/service-api.md#signer-verification
const VERIFICATION_NEEDS: Record<number, { detail: 'nationalId' | 'phone'; why: string }> = {
	9: {
		detail: 'nationalId',
		why: 'The service refuses an Absher invitation without it (error 147).',
	},
	10: {
		detail: 'phone',
		why: 'Without it the service accepts the invitation and never sends the code.',
	},
};

/** Only labels are shown: the details are personal. */
function refuseUnverifiableSigner(
	context: ItemChecks,
	signerLabel: string,
	authenticationType: unknown,
	labels: {
		authenticationType: string;
		nationalId: [label: string, value: unknown];
		phone: [label: string, value: unknown];
	},
): void {
	const need =
		typeof authenticationType === 'number' ? VERIFICATION_NEEDS[authenticationType] : undefined;
	if (!need) return;
	const [field, value] = labels[need.detail];
	if (value !== undefined && value !== null && value !== '') return;
	const type = AUTHENTICATION_TYPES.find((option) => option.value === authenticationType)?.name;
	throw inputError(
		context,
		`${signerLabel}: ${field} is required when ${labels.authenticationType} is ${type ?? String(authenticationType)}`,
		need.why,
	);
}

export function buildDestinations(
	context: ItemFunctions,
	style: DestinationStyle,
	{ allowEmpty = false }: { allowEmpty?: boolean } = {},
): IDataObject[] {
	const fromJson = context.getNodeParameter('destinationsInput', 'fields') === 'json';
	let raw: unknown[];
	if (fromJson) {
		raw = jsonListParameter(context, 'destinationsJson', 'Signers (JSON)', 'signers');
	} else {
		const entries =
			(context.getNodeParameter('destinations.destination', []) as IDataObject[]) ?? [];
		const saved = context.getNodeParameter('destinations.destination', [], {
			rawExpressions: true,
		}) as unknown;
		raw = entries.map(({ options, ...flat }, index) => ({
			...flat,
			...savedLanguage(Array.isArray(saved) ? saved[index] : undefined),
			...(isPlainObject(options) ? options : {}),
		}));
	}
	if (!raw.length) {
		if (allowEmpty) return [];
		throw inputError(context, 'Signers: add at least one signer');
	}
	return normaliseDestinations(context, raw, style, { fromJson });
}

function savedLanguage(saved: unknown): IDataObject {
	const number = isPlainObject(saved) ? saved[LANGUAGE.field] : undefined;
	const name = typeof number === 'number' ? SAVED_INVITATION_LANGUAGE_NUMBERS[number] : undefined;
	return name ? { [LANGUAGE.field]: name } : {};
}

export function normaliseDestinations(
	context: ItemFunctions,
	raw: unknown[],
	style: DestinationStyle,
	options: { label?: string; fromJson?: boolean } = {},
): IDataObject[] {
	const fields = DESTINATION_FIELDS.filter((f) => f.styles.includes(style));
	const fromJson = options.fromJson ?? true;
	const listLabel = options.label ?? 'Signers';
	const built = raw.map((entry, index) => {
		const label = `${listLabel}, signer ${index + 1}`;
		if (!isPlainObject(entry)) throw inputError(context, `${label} must be an object`);
		const used = new Set<string>();
		const out: IDataObject = {};
		for (const field of fields) {
			const source = findFieldKey(
				context,
				entry,
				`${label}: ${field.label}`,
				field.api,
				field.field,
				field.label,
			);
			if (source === undefined) continue;
			used.add(source);
			const value = entry[source];
			if (value === undefined || value === null || value === '') continue;
			const key = apiName(field, style);
			const fieldLabel = `${label}: ${field.label}`;
			if (field.kind === 'email') out[key] = requireEmail(context, value, fieldLabel);
			else if (field.kind === 'phone') out[key] = optionalPhone(context, value, fieldLabel);
			else if (field.kind === 'date') out[key] = futureDate(context, value, fieldLabel);
			else if (field.kind === 'order') {
				const order = integerOf(context, value, fieldLabel, { min: 0 });
				if (order !== 0) out[key] = order;
			} else if (field.kind === 'enum') {
				out[key] = namedValueOf(
					context,
					value,
					fieldLabel,
					field.values ?? (field.ui.options as INodePropertyOptions[]),
				);
			} else if (field.kind === 'boolean') out[key] = booleanOf(context, value, fieldLabel);
			else if (field.kind === 'json') {
				const parsed = jsonObjectParameter(context, value, fieldLabel);
				if (parsed !== undefined) out[key] = parsed;
			} else if (field.kind === 'url') {
				const url = textOf(context, value, fieldLabel, MAX_LENGTH.url);
				if (url) out[key] = requireHttpUrl(context, url, fieldLabel);
			} else {
				const text = textOf(context, value, fieldLabel);
				if (text) out[key] = text;
			}
			if (out[key] === undefined) delete out[key];
		}
		if (!out[apiName(NAME, style)])
			throw inputError(context, `${label}: ${NAME.label} is required`);
		if (!out[apiName(EMAIL, style)] && !out[apiName(PHONE, style)])
			throw inputError(context, `${label}: give an ${EMAIL.label} or a ${PHONE.label}`);
		const signer = `${label} (${String(out[apiName(NAME, style)])})`;
		refuseUnverifiableSigner(context, signer, out[apiName(AUTHENTICATION_TYPE, style)], {
			authenticationType: AUTHENTICATION_TYPE.label,
			nationalId: [NATIONAL_ID.label, out[apiName(NATIONAL_ID, style)]],
			phone: [PHONE.label, out[apiName(PHONE, style)]],
		});
		// Fields the UI does not know (e.g. Signatories) pass through.
		if (fromJson)
			for (const [key, value] of Object.entries(entry))
				if (!used.has(key)) out[key] = value as IDataObject;
		return out;
	});
	return withSignOrders(context, built, apiName(SIGN_ORDER, style), listLabel);
}

/** Without a Sign Order a signer signs at its position, not another's order (docs/service-api.md#decisions). */
function withSignOrders(
	context: ItemFunctions,
	signers: IDataObject[],
	orderKey: string,
	listLabel: string,
): IDataObject[] {
	const explicit = new Map<number, number>();
	signers.forEach((signer, index) => {
		const order = signer[orderKey];
		if (typeof order === 'number' && !explicit.has(order)) explicit.set(order, index);
	});
	return signers.map((signer, index) => {
		if (signer[orderKey] !== undefined) return signer;
		const position = index + 1;
		const taken = explicit.get(position);
		if (taken !== undefined)
			throw inputError(
				context,
				`${listLabel}, signer ${index + 1}: ${SIGN_ORDER.label} is 0, which means its position ${position}, but ` +
					`signer ${taken + 1} was given ${SIGN_ORDER.label} ${position}`,
				`Give every signer a ${SIGN_ORDER.label}, or none of them.`,
			);
		return { ...signer, [orderKey]: position };
	});
}
