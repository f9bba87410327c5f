import type { IDataObject } from 'n8n-workflow';

import type { ServiceRequest } from '../../service/transport';
import * as getSigningLinks from './getSigningLinks';
import * as sendWithLinks from './sendWithLinks';
import { invitationMessage, invitationSubject } from './shared';

/** What an invitation with signing links says, checked. */
export interface SigningLinksValues {
	documentId: string;
	destinations: IDataObject[];
	invitationMessage?: string;
	invitationSubject?: string;
}

/**
 * Get Signing Links' request (v2, `linksOnly`) or Send and Get Links' (v3) for Send and Wait, which cannot run routing:
 * method, path and where subject and message go (left out when empty) are read from the operation's declarations.
 */
export function signingLinksRequest(
	linksOnly: boolean,
	values: SigningLinksValues,
): ServiceRequest {
	const { method, url } = (linksOnly ? getSigningLinks : sendWithLinks).option.routing!.request!;
	const body: IDataObject = { documentId: values.documentId, destinations: values.destinations };
	for (const field of [invitationMessage, invitationSubject]) {
		const value = values[field.name as 'invitationMessage' | 'invitationSubject'];
		if (value) body[field.routing!.send!.property!] = value;
	}
	return { method: method!, path: url!, body };
}
