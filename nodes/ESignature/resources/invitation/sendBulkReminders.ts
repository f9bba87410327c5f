import type { INodeProperties } from 'n8n-workflow';

import { listInputProperty, responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['invitation'], operation: ['sendBulkReminders'] } };
const REMINDERS_JSON_EXAMPLE =
	'[{"requestId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "destinationEmail": "jane@example.com"}]';

export const sendBulkRemindersDescription: INodeProperties[] = [
	listInputProperty('remindersInput', 'Reminders Input', 'reminder', displayOptions),
	{
		displayName: 'Reminders',
		name: 'reminders',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Reminder',
		default: {},
		required: true,
		displayOptions: { show: { ...displayOptions.show, remindersInput: ['fields'] } },
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
						description: 'Phone number of a signer invited by SMS, in addition to the e-mail; leave empty otherwise',
					},
				],
			},
		],
	},
	{
		displayName: 'Reminders (JSON)',
		name: 'remindersJson',
		type: 'json',
		default: '[]',
		placeholder: REMINDERS_JSON_EXAMPLE,
		description: `Array of reminders such as ${REMINDERS_JSON_EXAMPLE}. Each has requestId, destinationEmail and, for a signer invited by SMS, destinationPhone.`,
		displayOptions: { show: { ...displayOptions.show, remindersInput: ['json'] } },
	},
	responseOptions(displayOptions),
];
