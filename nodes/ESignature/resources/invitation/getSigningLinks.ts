import type { INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { documentIdProperty, responseOptions, simplifyProperty } from '../../fields/common';
import { destinationsProperties } from '../../fields/recipients';
import { invitationMessageProperty, invitationSubjectProperty } from '../../fields/invitation';

/** The v2 invitation body: the signers get links, nothing is sent (Send and Get Links takes the same fields). */
const properties: INodeProperties[] = [
	documentIdProperty(),
	...destinationsProperties('v2'),
	invitationSubjectProperty(),
	invitationMessageProperty(),
	simplifyProperty(),
	responseOptions(),
];

const displayOptions = { show: { resource: ['invitation'], operation: ['getSigningLinks'] } };

export const description = updateDisplayOptions(displayOptions, properties);
