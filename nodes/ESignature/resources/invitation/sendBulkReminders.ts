import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { listInputProperty, responseOptions } from '../../fields/common';

const REMINDERS_JSON_EXAMPLE =
	'[{"requestId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "destinationEmail": "jane@example.com"}]';

const properties: INodeProperties[] = [
	listInputProperty('remindersInput', 'Reminders Input', 'reminder'),
	{
		displayName: 'Reminders',
		name: 'reminders',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Reminder',
		default: {},
		required: true,
		displayOptions: { show: { remindersInput: ['fields'] } },
		options: [
			{
				displayName: 'Reminder',
				name: 'reminder',
				values: [
					{
						displayName: 'Envelope ID',
						name: 'requestId',
						type: 'string',
						default: '',
						required: true,
						placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
						description: 'ID of the envelope (request) the signer was invited to',
					},
					{
						displayName: 'Signer Email',
						name: 'destinationEmail',
						type: 'string',
						placeholder: 'name@email.com',
						default: '',
						required: true,
						description: 'E-mail address of the signer to remind',
					},
					{
						displayName: 'Signer Phone',
						name: 'destinationPhone',
						type: 'string',
						default: '',
						placeholder: '+966500000000',
						description:
							'Phone number of a signer invited by SMS, in addition to the e-mail; leave empty otherwise',
					},
				],
			},
		],
	},
	{
		displayName: 'Reminders (JSON)',
		name: 'remindersJson',
		type: 'json',
		default: '',
		placeholder: REMINDERS_JSON_EXAMPLE,
		hint: `A list of reminders, e.g. ${REMINDERS_JSON_EXAMPLE}`,
		description: `Array of reminders such as ${REMINDERS_JSON_EXAMPLE}. Each has requestId, destinationEmail and, for a signer invited by SMS, destinationPhone.`,
		displayOptions: { show: { remindersInput: ['json'] } },
	},
	responseOptions(),
];

const displayOptions = { show: { resource: ['invitation'], operation: ['sendBulkReminders'] } };

export const description = updateDisplayOptions(displayOptions, properties);
