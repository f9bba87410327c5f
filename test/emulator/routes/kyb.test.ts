/**
 * KYB route (kyb.ts): the commercial registration check v2.
 */
import { KNOWN_CR_NUMBER } from '../fixtures';
import { call, useEmulator } from '../testing';

useEmulator();

describe('KYB check-cr v2', () => {
	it('returns the CR record with every field, in Arabic by default and in English on request', async () => {
		const ar = await call('GET', `/api/v2/kyb/check-cr/${KNOWN_CR_NUMBER}`);
		expect(ar.json.errorCode).toBe(0);
		const d = ar.json.data;
		for (const key of [
			'crNationalNumber',
			'crNumber',
			'versionNo',
			'name',
			'nameLangId',
			'nameLangDesc',
			'crCapital',
			'companyDuration',
			'isMain',
			'issueDateGregorian',
			'issueDateHijri',
			'mainCrNationalNumber',
			'mainCrNumber',
			'inLiquidationProcess',
			'hasEcommerce',
			'headquarterCityId',
			'headquarterCityName',
			'isLicenseBased',
			'licenseIssuerNationalNumber',
			'licenseIssuerName',
			'partnersNationalityId',
			'partnersNationalityName',
			'confirmationDate',
			'reactivationDate',
			'suspensionDate',
			'deletionDate',
			'activities',
			'entityType',
			'status',
			'contactInfo',
			'eCommerce',
			'capital',
			'fiscalYear',
			'parties',
			'management',
		]) {
			expect(d).toHaveProperty(key);
		}
		expect(Object.keys(d.entityType).sort()).toEqual([
			'characters',
			'formId',
			'formName',
			'id',
			'name',
		]);
		expect(Object.keys(d.capital.contributionCapital).sort()).toEqual([
			'cashCapital',
			'contributionValue',
			'inKindCapital',
			'totalCashContribution',
			'totalInKindContribution',
			'typeId',
			'typeName',
		]);
		expect(Object.keys(d.capital.stockCapital).sort()).toEqual([
			'announcedCapital',
			'capital',
			'cashCapital',
			'inKindCapital',
			'paidCapital',
			'stocks',
			'typeId',
			'typeName',
		]);
		expect(Object.keys(d.fiscalYear).sort()).toEqual([
			'calendarTypeId',
			'calendarTypeName',
			'endDay',
			'endMonth',
			'endYear',
			'isFirst',
		]);
		expect(Object.keys(d.parties[0]).sort()).toEqual([
			'crNumber',
			'identity',
			'licenseNo',
			'name',
			'nationality',
			'partnerShare',
			'partnership',
			'typeId',
			'typeName',
		]);
		expect(Object.keys(d.management.managers[0]).sort()).toEqual([
			'identity',
			'isLicensed',
			'name',
			'nationality',
			'positions',
			'typeId',
			'typeName',
		]);
		expect(d.contactInfo).toHaveProperty('websiteUrl');
		expect(d.eCommerce).toHaveProperty('eStore');
		expect(d.name).toMatch(/[\u0600-\u06FF]/);
		const en = await call('GET', `/api/v2/kyb/check-cr/${KNOWN_CR_NUMBER}?language=en`);
		expect(en.json.data.name).toBe('Example Technology Company');
	});

	it('answers 149 for unknown numbers and 8 for an unknown language', async () => {
		const res = await call('GET', '/api/v2/kyb/check-cr/9999999999');
		expect(res.status).toBe(200);
		expect(res.json).toMatchObject({
			errorCode: 149,
			data: null,
			message: 'CR number is not registered with the ministry of commerce',
		});
		const lang = await call('GET', `/api/v2/kyb/check-cr/${KNOWN_CR_NUMBER}?language=fr`);
		expect(lang.json.errorCode).toBe(8);
	});
});
