/**
 * The cases of bad input (./*.cases.ts) cover every operation of the node that takes input, as the node's description
 * lists them (a new operation without cases fails here), and the valid request each operation's cases start from
 * (BASES in ../testing.ts, derived from the node description) passes the node's checks: a case is refused because of
 * its own bad value.
 */
import { actionDescription, actionOperations } from '../../harness';
import { BASES, caseRunner, inputsSuite } from '../testing';
import { envelopeCases } from './envelope.cases';
import { invitationCases } from './invitation.cases';
import { otherResourcesCases } from './other-resources.cases';
import { signingCases } from './signing.cases';

const { run, fileItem, apiRequests } = inputsSuite();
const runCase = caseRunner(run, fileItem);

const refused = [...envelopeCases, ...invitationCases, ...signingCases, ...otherResourcesCases];

/** Whether the operation shows a field to fill in: anything but notices and Simplify. */
function takesInput({ resource, operation }: { resource: string; operation: string }): boolean {
	const { properties } = actionDescription();
	return properties.some((property) => {
		const show = property.displayOptions?.show ?? {};
		return (
			!['resource', 'operation', 'simplify'].includes(property.name) &&
			property.type !== 'notice' &&
			(!show.resource || (show.resource as string[]).includes(resource)) &&
			(!show.operation || (show.operation as string[]).includes(operation))
		);
	});
}

const operations = actionOperations();
const withInput = operations.filter(takesInput).map(({ key }) => key);

describe('bad input is refused, naming the field, and nothing is sent', () => {
	it('has over a hundred cases, and at least one for every operation that takes input', () => {
		expect(refused.length).toBeGreaterThanOrEqual(100);
		expect([...new Set(refused.map(([, test]) => String(test.operation)))].sort()).toEqual(
			[...withInput].sort(),
		);
	});

	it('derives the valid request of every operation from the node description: no required field without a sample', () => {
		expect(Object.keys(BASES).sort()).toEqual(operations.map(({ key }) => key).sort());
		const unknown = Object.entries(BASES).flatMap(([key, base]) =>
			base.unknown.map(
				(field) => `${key}: ${field} (no value in SAMPLES, test/harness/samples.ts)`,
			),
		);
		expect(unknown).toEqual([]);
	});

	it('leaves out only the operations with no field to fill in: Revoke', () => {
		expect(operations.filter((operation) => !takesInput(operation)).map(({ key }) => key)).toEqual([
			'accessToken:revoke',
		]);
	});

	it.each(withInput)('%s: the valid request the cases start from is sent', async (operation) => {
		const result = await runCase({ operation });
		// The service may refuse it (unknown IDs); what matters is that the node's checks let it through.
		expect(apiRequests().length).toBeGreaterThanOrEqual(1);
		expect(result.error?.message ?? '').not.toMatch(
			/must be|is required|too long|empty ID|not a PDF|is empty/,
		);
	});
});
