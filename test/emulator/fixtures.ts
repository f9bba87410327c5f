/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Fixed data the emulator serves: demo credentials, templates, the CR record
 * and the sample PDF. Values are constants so tests and demos can rely on them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildPdf } from './pdf';

export interface DemoCredentials {
	clientId: string;
	clientSecret: string;
	username: string;
	password: string;
	accountId: string;
	accountSecret: string;
}

export const DEMO_CREDENTIALS: Readonly<DemoCredentials> = Object.freeze({
	clientId: 'demo-client',
	clientSecret: 'demo-client-secret',
	username: 'demo@example.com',
	password: 'demo-password',
	accountId: '3f2b8c1e-6d4a-4e7b-9a5c-1b2d3e4f5a6b',
	accountSecret: 'demo-account-secret',
});

/** The only scope the authorization server knows. */
export const SCOPE = 'Integrationscope';

/** A template with two predefined destinations and no recipient-filled fields. */
export const TEMPLATE_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
/** A template whose fields the recipient must fill: refused by sign/by-template (errorCode 209). */
export const TEMPLATE_WITH_RECIPIENT_FIELDS_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

export interface TemplateDestination {
	name: string;
	email: string;
	phone: string;
	signeOrder: number;
}

export interface Template {
	id: string;
	name: string;
	fileName: string;
	pdf: Buffer;
	destinations: TemplateDestination[];
	/** Fields the creator fills through templateFields. */
	creatorFields: string[];
	/** Fields the recipient must fill; a template with any cannot be signed by API. */
	recipientFields: string[];
}

export const TEMPLATES: readonly Template[] = [
	{
		id: TEMPLATE_ID,
		name: 'Service agreement',
		fileName: 'service-agreement.pdf',
		pdf: buildPdf(
			['Service agreement (template)', 'Party A: ________', 'Party B: ________'],
			'Service agreement',
		),
		destinations: [
			{
				name: 'Template Signer One',
				email: 'signer.one@example.com',
				phone: '+966500000001',
				signeOrder: 1,
			},
			{
				name: 'Template Signer Two',
				email: 'signer.two@example.com',
				phone: '+966500000002',
				signeOrder: 2,
			},
		],
		creatorFields: ['ContractNumber', 'StartDate'],
		recipientFields: [],
	},
	{
		id: TEMPLATE_WITH_RECIPIENT_FIELDS_ID,
		name: 'Onboarding form',
		fileName: 'onboarding-form.pdf',
		pdf: buildPdf(
			['Onboarding form (template)', 'IBAN: ________ (filled by the recipient)'],
			'Onboarding form',
		),
		destinations: [
			{ name: 'Template Recipient', email: 'recipient@example.com', phone: '', signeOrder: 1 },
		],
		creatorFields: [],
		recipientFields: ['Iban', 'BirthDate'],
	},
];

export const findTemplate = (id: string): Template | undefined =>
	TEMPLATES.find((t) => t.id.toLowerCase() === id.toLowerCase());

export const SAMPLE_PDF_PATH = join(__dirname, 'fixtures', 'sample.pdf');
export const loadSamplePdf = (): Buffer => readFileSync(SAMPLE_PDF_PATH);

// ---------------------------------------------------------------------------
// KYB: commercial registration record (every field of the spec's CR section)
// ---------------------------------------------------------------------------

export const KNOWN_CR_NUMBER = '1010010101';

export type Language = 'ar' | 'en';

export function crRecord(language: Language): Record<string, unknown> {
	const t = (ar: string, en: string): string => (language === 'ar' ? ar : en);
	return {
		crNationalNumber: '7001234567',
		crNumber: KNOWN_CR_NUMBER,
		versionNo: 3,
		name: t('شركة المثال للتقنية', 'Example Technology Company'),
		nameLangId: language === 'ar' ? 1 : 2,
		nameLangDesc: t('عربي', 'Arabic'),
		crCapital: 500000,
		companyDuration: 99,
		isMain: true,
		issueDateGregorian: '2015-03-22',
		issueDateHijri: '01-06-1436',
		mainCrNationalNumber: null,
		mainCrNumber: null,
		inLiquidationProcess: false,
		hasEcommerce: true,
		headquarterCityId: 1,
		headquarterCityName: t('الرياض', 'Riyadh'),
		isLicenseBased: false,
		licenseIssuerNationalNumber: '7000000001',
		licenseIssuerName: t('وزارة التجارة', 'Ministry of Commerce'),
		partnersNationalityId: 1,
		partnersNationalityName: t('سعودي', 'Saudi'),
		confirmationDate: '2024-03-20',
		reactivationDate: null,
		suspensionDate: null,
		deletionDate: null,
		activities: [
			{ id: '620101', name: t('البرمجة الحاسوبية', 'Computer programming') },
			{ id: '631101', name: t('معالجة البيانات', 'Data processing') },
		],
		entityType: {
			id: '2',
			name: t('شركة ذات مسؤولية محدودة', 'Limited liability company'),
			formId: 3,
			formName: t('مختلطة', 'Mixed'),
			characters: [{ id: '1', name: t('مهنية', 'Professional') }],
		},
		status: { id: 'active', name: t('نشط', 'Active') },
		contactInfo: {
			phoneNo: '0112345678',
			mobileNo: '0500000000',
			email: 'info@example.sa',
			websiteUrl: null,
		},
		eCommerce: { eStore: null },
		capital: {
			currencyId: '1',
			currencyName: t('ريال سعودي', 'Saudi Riyal'),
			contributionCapital: {
				typeId: '1',
				typeName: t('حصص', 'Shares'),
				cashCapital: 400000,
				inKindCapital: 100000,
				contributionValue: 1000,
				totalCashContribution: 400,
				totalInKindContribution: 100,
			},
			stockCapital: {
				typeId: null,
				typeName: null,
				capital: null,
				announcedCapital: null,
				paidCapital: null,
				cashCapital: null,
				inKindCapital: null,
				stocks: null,
			},
		},
		fiscalYear: {
			isFirst: null,
			calendarTypeId: 1,
			calendarTypeName: t('ميلادي', 'Gregorian'),
			endMonth: 12,
			endDay: 31,
			endYear: null,
		},
		parties: [
			{
				name: t('محمد عبدالله', 'Mohammed Abdullah'),
				typeId: 1,
				typeName: t('شخص طبيعي', 'Natural person'),
				identity: { id: '1000000001', typeId: '1', typeName: t('هوية وطنية', 'National ID') },
				partnership: [{ id: '1', name: t('شريك', 'Partner') }],
				partnerShare: {
					cashContributionCount: 300,
					inKindContributionCount: 50,
					totalContributionCount: 350,
				},
				nationality: { id: ['1'], name: [t('سعودي', 'Saudi')] },
				licenseNo: null,
				crNumber: KNOWN_CR_NUMBER,
			},
		],
		management: {
			structureId: 1,
			structureName: t('مدير', 'Manager'),
			managers: [
				{
					name: t('محمد عبدالله', 'Mohammed Abdullah'),
					typeId: '1',
					typeName: t('شخص طبيعي', 'Natural person'),
					isLicensed: false,
					identity: { id: '1000000001', typeId: '1', typeName: t('هوية وطنية', 'National ID') },
					nationality: { id: '1', name: t('سعودي', 'Saudi') },
					positions: [{ id: '1', name: t('مدير عام', 'General manager') }],
				},
			],
		},
	};
}
