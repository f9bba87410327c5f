/**
 * Bad input to the Document, Commercial Registration, SMS Provider and Webhook operations:
 * the cases of ./other-resources.cases.ts, each refused with an error naming the field and nothing sent.
 */
import { otherResourcesCases } from './other-resources.cases';
import { expectRefused } from '../testing';

describe('bad input to the Document, Commercial Registration, SMS Provider and Webhook operations is refused', () => {
	expectRefused(otherResourcesCases);
});
