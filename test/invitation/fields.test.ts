/**
 * The fields of the Invitation operations as the editor shows them: signer fields flat or under Options, JSON fields
 * that start empty.
 */
import type { INodeProperties } from 'n8n-workflow';

import { ESignature } from '../../nodes/ESignature/ESignature.node';

describe('invitation: fields in the editor', () => {
	const properties = new ESignature().description.properties;
	const property = (name: string, operation: string): INodeProperties => {
		const found = properties.find(
			(p) => p.name === name && p.displayOptions?.show?.operation?.includes(operation),
		);
		if (!found) throw new Error(`No property ${name} for ${operation}`);
		return found;
	};
	const signerValues = (operation: string) =>
		(property('destinations', operation).options as Array<{ values: INodeProperties[] }>)[0].values;

	it.each([
		[
			'send',
			['name', 'email', 'phoneNumber', 'signOrder', 'authenticationType', 'nationalId'],
			['allowSignAnywhere', 'availableTo', 'consentOnly', 'escalation'],
		],
		[
			'sendBulk',
			['name', 'email', 'phoneNumber', 'signOrder', 'authenticationType', 'nationalId'],
			['allowSignAnywhere', 'availableTo', 'consentOnly', 'escalation'],
		],
		[
			'getSigningLinks',
			[
				'name',
				'email',
				'phoneNumber',
				'signOrder',
				'authenticationType',
				'nationalId',
				'destinationType',
				'invitationLanguage',
			],
			[
				'allowUserToAddDestination',
				'allowSignAnywhere',
				'availableTo',
				'consentOnly',
				'redirectUrl',
			],
		],
	])(
		'%s: keeps the usual signer fields flat and the rare ones under Options',
		(operation, flat, options) => {
			const values = signerValues(operation);
			expect(values.map((v) => v.name)).toEqual([...flat, 'options']);
			const collection = values[values.length - 1];
			expect(collection).toMatchObject({
				displayName: 'Options',
				type: 'collection',
				placeholder: 'Add Option',
				default: {},
			});
			expect((collection.options as INodeProperties[]).map((o) => o.name)).toEqual(options);
		},
	);

	it.each([
		['send', 'destinationsJson'],
		['sendForEnvelope', 'destinationsJson'],
		['getSigningLinks', 'destinationsJson'],
		['sendBulk', 'destinationsJson'],
		['sendBulk', 'bulkJson'],
		['sendBulkReminders', 'remindersJson'],
	])('%s: %s starts empty and shows its example only as a hint', (operation, name) => {
		const json = property(name, operation);
		expect(json.default).toBe('');
		expect(json.placeholder).toMatch(/^\[\{.+\}\]$/);
		expect(() => JSON.parse(json.placeholder as string)).not.toThrow();
	});

	it('requires the e-mail of every bulk reminder', () => {
		const reminder = (
			property('reminders', 'sendBulkReminders').options as Array<{ values: INodeProperties[] }>
		)[0];
		expect(reminder.values.find((v) => v.name === 'destinationEmail')?.required).toBe(true);
	});
});
