/**
 * Figure 3 (in-process part): token requests the emulator receives for three executions of 1,000 items, then for one
 * more execution after every token was expired. The real-n8n part is measured with figure 2 (realN8n.ts).
 */
import { forgetAccessToken } from '../../credentials/accessToken';
import { EmulatorClient } from '../e2e/emulator-client';
import type { Emulator } from '../emulator';
import { emulatorCredentials, Harness } from '../harness';
import type { Row } from './report';

export async function inProcessTokenRows(emulator: Emulator): Promise<Row[]> {
	forgetAccessToken(emulatorCredentials(emulator));
	const harness = new Harness(emulator);
	const { envelopeId } = await new EmulatorClient(emulator).createEnvelope({ referenceNumber: 'BENCH-TOKENS' });
	const execute = async () => {
		const result = await harness.run({
			parameters: { resource: 'envelope', operation: 'getStatus', envelopeId },
			items: Array.from({ length: 1000 }, () => ({ json: {} })),
		});
		if (result.error) throw result.error;
		emulator.clearRequests();
	};
	let before = emulator.tokenRequests;
	for (let i = 0; i < 3; i++) await execute();
	const cold = emulator.tokenRequests - before;
	emulator.expireAllTokens();
	before = emulator.tokenRequests;
	await execute();
	const afterExpiry = emulator.tokenRequests - before;
	return [
		{ where: 'in-process routing engine', case: '3 executions × 1,000 items, cold start', 'token requests': cold, goal: 1 },
		{ where: 'in-process routing engine', case: '1 execution × 1,000 items after forced expiry', 'token requests': afterExpiry, goal: 1 },
	];
}
