import type { INodeProperties } from 'n8n-workflow';

import { documentIdProperty, responseOptions } from '../../shared/descriptions';
import { destinationsProperties } from '../../shared/destinations';
import { invitationMessageProperty, invitationSubjectProperty } from './fields';

/** Get Signing Links (v2) and Send With Links (v3) take the same body. */
export function signingLinksProperties(operation: string): INodeProperties[] {
	const displayOptions = { show: { resource: ['invitation'], operation: [operation] } };
	return [
		documentIdProperty(displayOptions),
		...destinationsProperties('v2', displayOptions),
		invitationSubjectProperty(displayOptions),
		invitationMessageProperty(displayOptions),
		responseOptions(displayOptions),
	];
}

export const getSigningLinksDescription: INodeProperties[] = signingLinksProperties('getSigningLinks');
