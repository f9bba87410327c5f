import type { INodeProperties } from 'n8n-workflow';

import { optionsCollection, simplifyProperty } from '../helpers/descriptions';
import { fileInputProperties } from '../helpers/fileInput';
import { destinationsProperties } from '../helpers/recipients';
import { invitationMessageProperty, invitationSubjectProperty } from '../resources/invitation/fields';
import { SEVERAL_FILES } from '../resources/envelope/fields';

/*
 * The fields of the E-Signature Send and Wait node (ESignatureSendAndWait.node.ts): the file input and signers of
 * the action node's operations, and what the wait needs.
 */

/** How the signers learn of the envelope: the service's invitations (API v3) or links the flow delivers (v2). */
export const NOTIFY_SIGNERS = { service: 'service', links: 'links' } as const;

const limitWaitTime: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 7, resumeUnit: 'days' } },
	description:
		'Stop waiting after a time. The node then outputs an item with timedOut: true and the envelope and document IDs on its first output; check the envelope with Envelope → Get Status.',
	options: [
		{
			displayName: 'Values',
			name: 'values',
			values: [
				{
					displayName: 'Limit Type',
					name: 'limitType',
					type: 'options',
					default: 'afterTimeInterval',
					options: [
						{ name: 'After Time Interval', value: 'afterTimeInterval', description: 'Wait for a certain amount of time' },
						{ name: 'At Specified Time', value: 'atSpecifiedTime', description: 'Wait until a date and time' },
					],
				},
				{
					displayName: 'Amount',
					name: 'resumeAmount',
					type: 'number',
					default: 7,
					typeOptions: { minValue: 0, numberPrecision: 2 },
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Unit',
					name: 'resumeUnit',
					type: 'options',
					default: 'days',
					options: [
						{ name: 'Minutes', value: 'minutes' },
						{ name: 'Hours', value: 'hours' },
						{ name: 'Days', value: 'days' },
					],
					displayOptions: { show: { limitType: ['afterTimeInterval'] } },
				},
				{
					displayName: 'Max Date and Time',
					name: 'maxDateAndTime',
					type: 'dateTime',
					default: '',
					description: 'Continue at this date and time, unless the envelope is signed or rejected before',
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
				},
			],
		},
	],
};

export const properties: INodeProperties[] = [
	...fileInputProperties(SEVERAL_FILES),
	...destinationsProperties('v2'),
	{
		displayName: 'Notify Signers',
		name: 'notifySigners',
		type: 'options',
		default: 'service',
		options: [
			{
				name: 'By the Service (E-Mail or SMS)',
				value: NOTIFY_SIGNERS.service,
				description: 'The service invites each signer by e-mail or SMS; the links are in the waiting step\'s output too',
			},
			{
				name: 'Return Signing Links Only',
				value: NOTIFY_SIGNERS.links,
				description: 'Nothing is sent to the signers: give them the links yourself (see the waiting step\'s output)',
			},
		],
	},
	invitationSubjectProperty(),
	invitationMessageProperty(),
	simplifyProperty(),
	optionsCollection([
		limitWaitTime,
		{
			displayName: 'Reference Number',
			name: 'referenceNumber',
			type: 'string',
			default: '',
			description: 'Your reference for the envelope, unique per account; it comes back in the signed event',
		},
		{
			displayName: 'Rejections to Second Output',
			name: 'rejectedOutput',
			type: 'boolean',
			default: false,
			description:
				'Whether a rejected envelope leaves the node through a second output, "Rejected", instead of the first with event "rejected"',
		},
	]),
];
