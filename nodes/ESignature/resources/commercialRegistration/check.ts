import {
	type INodeProperties,
	inputError,
	options,
	requireText,
	routing,
	sendsField,
	sentField,
	simplify,
	simplifyOutput,
	toText,
	unwrapFoundResponse,
} from '../kit';

// CR numbers and the unified national numbers have 10 digits; a 100,000-character one was answered with HTTP 431.
const CR_NUMBER_MAX_LENGTH = 20;

const commercialNumber: INodeProperties = {
	displayName: 'Commercial Registration Number',
	name: 'commercialNumber',
	type: 'string',
	default: '',
	required: true,
	placeholder: '1010010101',
	description: 'The CR number of the company to look up',
};

export const option = {
	name: 'Check',
	value: 'check',
	action: 'Check a commercial registration',
	description: 'Look up a company by its commercial registration (CR) number',
	routing: routing(
		{ method: 'GET', url: '/api/v2/kyb/check-cr/{commercialNumber}' },
		{
			preSend: [
				sendsField(commercialNumber, (context, value, label) => {
					const number = requireText(context, value, label, CR_NUMBER_MAX_LENGTH);
					if (!/^\d+$/.test(number))
						throw inputError(
							context,
							`${label} must be digits only, got "${number}"`,
							'For example 1010010101.',
						);
					return number;
				}),
			],
			postReceive: [unwrapFoundResponse, simplifyOutput],
		},
	),
};

export const description = [
	commercialNumber,
	sentField(
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
		},
		(context, value) => {
			const language = (toText(value) || 'ar').toLowerCase();
			if (!['ar', 'en'].includes(language))
				throw inputError(context, `Language must be "ar" or "en", got "${language}"`);
			return language;
		},
		{ type: 'query' },
	),
	simplify,
	options,
];
