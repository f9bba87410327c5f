/**
 * Bad input to the Envelope operations:
 * the cases of ./envelope.cases.ts, each refused with an error naming the field and nothing sent.
 */
import { envelopeCases } from './envelope.cases';
import { expectRefused } from '../testing';

describe('bad input to the Envelope operations is refused', () => {
	expectRefused(envelopeCases);
});
