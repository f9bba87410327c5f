/**
 * Bad input to the Signing and Identity Provider Signing operations:
 * the cases of ./signing.cases.ts, each refused with an error naming the field and nothing sent.
 */
import { signingCases } from './signing.cases';
import { expectRefused } from '../testing';

describe('bad input to the Signing and Identity Provider Signing operations is refused', () => {
	expectRefused(signingCases);
});
