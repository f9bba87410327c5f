import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { envelopeIdProperty, responseOptions, simplifyProperty } from '../../fields/common';
import { optionalWebhookProperty } from '../../fields/envelope';
import { SEVERAL_FILES, fileInputProperties } from '../../fields/fileInput';

/** The fields several Envelope operations show, each declared once and shown for the operations it names. */

const shownFor = (...operations: string[]) => ({
	show: { resource: ['envelope'], operation: operations },
});

/**
 * Each operation showing it checks it first (checkEnvelopeId in its preSend), not the field: n8n's routing engine
 * evaluates a field with routing once more in each of its two walks per item (docs/performance.md, the per-item walk).
 */
export const envelopeId: INodeProperties = {
	...envelopeIdProperty(),
	displayOptions: shownFor('addFiles', 'cancel', 'extendInvitations', 'getStatus'),
};

/** File Input for several documents (Create From Base64 takes one: its own fields). */
export const severalFiles: INodeProperties[] = updateDisplayOptions(
	shownFor('addFiles', 'create', 'createAndInvite', 'createBulk'),
	fileInputProperties(SEVERAL_FILES),
);

/** The creates' Webhook: empty, the envelope's events go to the account's default webhook. */
export const webhook: INodeProperties = {
	...optionalWebhookProperty(),
	displayOptions: shownFor(
		'create',
		'createAndInvite',
		'createBulk',
		'createFromBase64',
		'createFromTemplate',
	),
};

export const simplify: INodeProperties = {
	...simplifyProperty(),
	displayOptions: shownFor(
		'create',
		'createAndInvite',
		'createBulk',
		'createFromBase64',
		'createFromTemplate',
		'getStatus',
	),
};

export const options: INodeProperties = {
	...responseOptions(),
	displayOptions: shownFor(
		'addFiles',
		'cancel',
		'create',
		'createAndInvite',
		'createBulk',
		'createFromBase64',
		'createFromTemplate',
		'extendInvitations',
		'getStatus',
	),
};
