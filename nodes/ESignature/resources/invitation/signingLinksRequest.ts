import type { IDataObject } from 'n8n-workflow';

import type { ServiceRequest } from '../../service/transport';
import * as getSigningLinks from './getSigningLinks';
import * as sendWithLinks from './sendWithLinks';
import { invitationMessage, invitationSubject } from './shared';

interface SigningLinksValues {
	documentId: string;
	destinations: IDataObject[];
	invitationMessage?: string;
	invitationSubject?: string;
}

/** Get Signing Links' (`linksOnly`) or Send and Get Links' request for Send and Wait, read from their routing. */
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
