/**
 * Invitation → sendWithLinks (nodes/ESignature/resources/invitation/sendWithLinks.ts): sending and outputting the signing links (v3).
 */
import { signingLinksTests } from './signingLinks';
import { invitationSuite } from './testing';

const invitation = invitationSuite();

describe('invitation: sendWithLinks', () => {
	signingLinksTests(invitation, 'sendWithLinks', '/api/v3/invitations/send', true);
});
