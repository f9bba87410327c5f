import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
process.env.N8N_USER_FOLDER ??= mkdtempSync(join(tmpdir(), 'esig-bench-'));
import type { INodeType } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { Emulator } from '../emulator';
import { Harness } from '../harness';
import { EmulatorClient } from '../e2e/emulator-client';
import { ESignature } from '../../nodes/ESignature/ESignature.node';

function bare(): INodeType {
	const ours = new ESignature().description;
	return { description: { ...ours, properties: [
		{ displayName: 'Envelope ID', name: 'envelopeId', type: 'string', default: '', routing: { request: { method: 'GET', url: '=/api/v1/envelopes/{{$value}}/status' } } },
	] } } as INodeType;
}
function trimmed(): INodeType {
	const n = new ESignature();
	const params = { resource: 'envelope', operation: 'getStatus' };
	n.description.properties = n.description.properties.filter((p) => NodeHelpers.displayParameter(params, p, { typeVersion: 1 } as any, n.description));
	console.log('trimmed props', n.description.properties.length);
	return n;
}

async function main() {
	const emu = await Emulator.start();
	const h = new Harness(emu);
	const client = new EmulatorClient(emu);
	const { envelopeId } = await client.createEnvelope({ referenceNumber: 'B' });
	const variants: Record<string, INodeType | undefined> = { ours: undefined, bare: bare(), trimmed: trimmed() };
	for (let i = 0; i < 3; i++) for (const [name, nodeType] of Object.entries(variants)) {
		emu.clearRequests();
		const t = performance.now();
		const r = await h.run({ nodeType, parameters: { resource: 'envelope', operation: 'getStatus', envelopeId }, items: Array.from({ length: 1000 }, () => ({ json: {} })) });
		if (r.error) throw r.error;
		console.log(name, Math.round(performance.now() - t), r.items.length, JSON.stringify(r.items[0].json).slice(0, 60));
	}
	await emu.stop();
}
main();
