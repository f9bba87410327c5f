import type { INodeProperties } from 'n8n-workflow';

import { listInputProperty, responseOptions } from '../../shared/descriptions';

const displayOptions = { show: { resource: ['invitation'], operation: ['sendBulkReminders'] } };

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
						placeholder: '3f2504e0-4f89-11d3-9a0c-0305e82c3301',
						description: 'ID of the envelope (request) the signer was invited to',
					},
					{
						displayName: 'Signer Email',
						name: 'destinationEmail',
						type: 'string',
						placeholder: 'name@email.com',
						default: '',
						description: 'E-mail address of the signer to remind',
					},
					{
						displayName: 'Signer Phone',
						name: 'destinationPhone',
						type: 'string',
						default: '',
						placeholder: '+966500000000',
						description: 'Phone number of a signer invited by SMS; leave empty for e-mail signers',
					},
				],
			},
		],
	},
	{
		displayName: 'Reminders (JSON)',
		name: 'remindersJson',
		type: 'json',
		default:
			'[\n  {\n    "requestId": "3f2504e0-4f89-11d3-9a0c-0305e82c3301",\n    "destinationEmail": "jane@example.com"\n  }\n]',
		description: 'Array of reminders, each with requestId and destinationEmail or destinationPhone',
		displayOptions: { show: { ...displayOptions.show, remindersInput: ['json'] } },
	},
	responseOptions(displayOptions),
];
