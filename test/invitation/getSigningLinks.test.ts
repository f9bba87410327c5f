/**
 * Invitation → getSigningLinks (nodes/ESignature/resources/invitation/getSigningLinks.ts): signing links without sending them (v2).
 */
import { signingLinksTests } from './signingLinks';
import { invitationSuite } from './testing';

const invitation = invitationSuite();

describe('invitation: getSigningLinks', () => {
	signingLinksTests(invitation, 'getSigningLinks', '/api/v2/invitations/send', false);
});
