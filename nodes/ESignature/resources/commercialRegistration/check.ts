import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { pairedWithItem } from '../../routing/engineWorkarounds';
import { simplifyOutput, unwrapFoundResponse } from '../../routing/answers';
import { checkParameter, inputError, requireText, toText } from '../../fields/validation';
import { idInPath } from '../../fields/common';
import { options, simplify } from '../shared';

export const option: INodePropertyOptions = {
	name: 'Check',
	value: 'check',
	action: 'Check a commercial registration',
	description: 'Look up a company by its commercial registration (CR) number',
	routing: {
		request: { method: 'GET', url: `=/api/v2/kyb/check-cr/${idInPath('commercialNumber')}` },
		output: { postReceive: [unwrapFoundResponse, simplifyOutput] },
	},
};

/**
 * Longest CR number sent: CR numbers and the unified national numbers replacing them have 10 digits; 20 leaves room
 * for other forms, not for a URL past what servers accept (a 100,000-character number was answered with HTTP 431).
 */
export const CR_NUMBER_MAX_LENGTH = 20;

/** The CR number goes into the path: digits only, so no spaces or slashes. */
export const checkCommercialNumber = checkParameter(
	'commercialNumber',
	(context, value, fieldLabel) => {
		const commercialNumber = requireText(context, value, fieldLabel, CR_NUMBER_MAX_LENGTH);
		if (!/^\d+$/.test(commercialNumber)) {
			throw inputError(
				context,
				`${fieldLabel} must be digits only, got "${commercialNumber}"`,
				'For example 1010010101.',
			);
		}
	},
	'Commercial Registration Number',
);

/** The language of the names in the record: ar or en, in any case (an expression may give either). */
const checkLanguage = checkParameter(
	'language',
	(context, value) => {
		const language = (toText(value) || 'ar').toLowerCase();
		if (language !== 'ar' && language !== 'en')
			throw inputError(context, `Language must be "ar" or "en", got "${language}"`);
	},
	'Language',
	'ar',
);

export const description: INodeProperties[] = [
	{
		displayName: 'Commercial Registration Number',
		name: 'commercialNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: '1010010101',
		description: 'The CR number of the company to look up',
		// Checked before the URL takes it.
		routing: { send: { preSend: [pairedWithItem(checkCommercialNumber)] } },
	},
	{
		displayName: 'Language',
		name: 'language',
		type: 'options',
		options: [
			{ name: 'Arabic', value: 'ar' },
			{ name: 'English', value: 'en' },
		],
		default: 'ar',
		description: 'Language of the names in the record',
		routing: {
			send: {
				type: 'query',
				property: 'language',
				value: "={{ (String($value ?? '').trim() || 'ar').toLowerCase() }}",
				preSend: [pairedWithItem(checkLanguage)],
			},
		},
	},
	simplify,
	options,
];
