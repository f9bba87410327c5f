import { type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { optionsCollection, simplifyProperty } from '../fields/common';
import { destinationsProperties } from '../fields/recipients';
import { SEVERAL_FILES, fileInputProperties } from '../fields/fileInput';
import { invitationMessageProperty, invitationSubjectProperty } from '../fields/invitation';

// A waiting node has no output, so links to deliver take two nodes; no value is `sendAndWait`, which n8n treats apart.
export const OPERATION = {
	sendAndWait: 'sendAndWaitForSignature',
	sendLinks: 'sendAndOutputLinks',
	wait: 'waitForSignature',
} as const;

const SENDING = [OPERATION.sendAndWait, OPERATION.sendLinks];
const WAITING = [OPERATION.sendAndWait, OPERATION.wait];
const only = (operations: string[], properties: INodeProperties[]) =>
	updateDisplayOptions({ show: { operation: operations } }, properties);

const limitWaitTime: INodeProperties = {
	displayName: 'Limit Wait Time',
	name: 'limitWaitTime',
	type: 'fixedCollection',
	default: { values: { limitType: 'afterTimeInterval', resumeAmount: 7, resumeUnit: 'days' } },
	description:
		'Stop waiting after a time. The node then outputs an item with event "timedOut" and the envelope and document ' +
		'IDs on its first output; check the envelope with Envelope → Get Status.',
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
						{
							name: 'After Time Interval',
							value: 'afterTimeInterval',
							description: 'Wait for a certain amount of time',
						},
						{
							name: 'At Specified Time',
							value: 'atSpecifiedTime',
							description: 'Wait until a date and time',
						},
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
					description:
						'Continue at this date and time, unless the envelope is signed or rejected before',
					displayOptions: { show: { limitType: ['atSpecifiedTime'] } },
				},
			],
		},
	],
};

const referenceNumber: INodeProperties = {
	displayName: 'Reference Number',
	name: 'referenceNumber',
	type: 'string',
	default: '',
	description:
		'Your reference for the envelope, unique per account; it comes back in the signed event',
};

const rejectedOutput: INodeProperties = {
	displayName: 'Rejections to Second Output',
	name: 'rejectedOutput',
	type: 'boolean',
	default: false,
	description:
		'Whether a rejected envelope leaves the node through a second output, "Rejected", instead of the first with ' +
		'event "rejected"',
};

export const properties: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		default: 'sendAndWaitForSignature',
		options: [
			{
				name: 'Send and Wait for Signature',
				value: OPERATION.sendAndWait,
				action: 'Send documents and wait for signature',
				description:
					'The service invites each signer by e-mail or SMS; the execution waits until the envelope is signed or ' +
					'rejected',
			},
			{
				name: 'Send and Output Signing Links',
				value: OPERATION.sendLinks,
				action: 'Send documents and output the signing links',
				description:
					'Nobody is notified: the links come out at once for your own node (mail, chat, SMS) to deliver; then wait ' +
					'with a second node set to Wait for Signature',
			},
			{
				name: 'Wait for Signature',
				value: OPERATION.wait,
				action: 'Wait for the envelope sent earlier to be signed',
				description:
					'Waits until the envelope that Send and Output Signing Links sent earlier in this execution is signed or ' +
					'rejected',
			},
		],
	},
	...only(SENDING, [...fileInputProperties(SEVERAL_FILES), ...destinationsProperties('v2')]),
	...only([OPERATION.sendAndWait], [invitationSubjectProperty(), invitationMessageProperty()]),
	{
		displayName:
			'Waits for the envelope that an E-Signature Send and Wait node set to <b>Send and Output Signing Links</b> ' +
			'sent earlier in this execution (it finds it at the service, by this execution). Put your own node that ' +
			'delivers the links between the two.',
		name: 'waitNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { operation: [OPERATION.wait] } },
	},
	{
		displayName:
			"The links are in this node's output under <b>invitations</b> (one per signer and document: name, " +
			'destination, signingLink). Deliver them with your own node, then add an E-Signature Send and Wait node set ' +
			'to <b>Wait for Signature</b>; it must start within a day.',
		name: 'linksNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: { operation: [OPERATION.sendLinks] } },
	},
	...only(WAITING, [simplifyProperty()]),
	...only(
		[OPERATION.sendAndWait],
		[optionsCollection([limitWaitTime, referenceNumber, rejectedOutput])],
	),
	...only([OPERATION.sendLinks], [optionsCollection([referenceNumber])]),
	...only([OPERATION.wait], [optionsCollection([limitWaitTime, rejectedOutput])]),
];

export function operationName(operation: string): string {
	const options = (properties[0].options ?? []) as Array<{ name: string; value: unknown }>;
	return options.find((option) => option.value === operation)?.name ?? 'Send and Wait';
}
