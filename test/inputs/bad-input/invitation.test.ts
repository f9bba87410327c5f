/**
 * Bad input to the Invitation operations:
 * the cases of ./invitation.cases.ts, each refused with an error naming the field and nothing sent.
 */
import { invitationCases } from './invitation.cases';
import { expectRefused } from '../testing';

describe('bad input to the Invitation operations is refused', () => {
	expectRefused(invitationCases);
});
