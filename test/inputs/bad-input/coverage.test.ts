/**
 * The cases of bad input (./*.cases.ts) cover every operation, and the valid request each operation's cases start
 * from (BASES in ../testing.ts) passes the node's checks: a case is refused because of its own bad value.
 */
import { BASES, caseRunner, inputsSuite } from '../testing';
import { envelopeCases } from './envelope.cases';
import { invitationCases } from './invitation.cases';
import { otherResourcesCases } from './other-resources.cases';
import { signingCases } from './signing.cases';

const { run, fileItem, apiRequests } = inputsSuite();
const runCase = caseRunner(run, fileItem);

const refused = [...envelopeCases, ...invitationCases, ...signingCases, ...otherResourcesCases];

describe('bad input is refused, naming the field, and nothing is sent', () => {
	it('has over a hundred cases, and at least one for every operation', () => {
		expect(refused.length).toBeGreaterThanOrEqual(100);
		expect(new Set(refused.map(([, test]) => test.operation))).toEqual(new Set(Object.keys(BASES)));
	});

	it.each(Object.keys(BASES))(
		'%s: the valid request the cases start from is sent',
		async (operation) => {
			const result = await runCase({ operation });
			// The service may refuse it (unknown IDs); what matters is that the node's checks let it through.
			expect(apiRequests().length).toBeGreaterThanOrEqual(1);
			expect(result.error?.message ?? '').not.toMatch(
				/must be|is required|too long|empty ID|not a PDF|is empty/,
			);
		},
	);
});
