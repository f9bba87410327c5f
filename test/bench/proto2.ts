import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'esig-bench-'));
import { Emulator } from '../emulator';
import { Harness } from '../harness';
import { EmulatorClient } from '../e2e/emulator-client';
async function main() {
	const emu = await Emulator.start();
	const h = new Harness(emu);
	const { envelopeId } = await new EmulatorClient(emu).createEnvelope({ referenceNumber: 'B' });
	for (let i = 0; i < 5; i++) {
		emu.clearRequests();
		const t = performance.now();
		const r = await h.run({ parameters: { resource: 'envelope', operation: 'getStatus', envelopeId }, items: Array.from({ length: 1000 }, () => ({ json: {} })) });
		console.log(Math.round(performance.now() - t), r.items.length);
	}
	await emu.stop();
}
main();
