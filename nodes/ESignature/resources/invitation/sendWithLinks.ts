import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentIdProperty, responseOptions, simplifyProperty } from '../../fields/common';
import { destinationsProperties } from '../../fields/recipients';
import { invitationMessageProperty, invitationSubjectProperty } from '../../fields/invitation';

/** The v3 invitation body: the signers are invited and get links (Get Signing Links takes the same fields). */
const properties: INodeProperties[] = [
	documentIdProperty(),
	...destinationsProperties('v2'),
	invitationSubjectProperty(),
	invitationMessageProperty(),
	simplifyProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['invitation'], operation: ['sendWithLinks'] } };

export const description = updateDisplayOptions(displayOptions, properties);
