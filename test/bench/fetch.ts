/* eslint-disable @n8n/community-nodes/no-restricted-globals -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Figure 7: what the trigger's own fetching costs (docs/delivery-guarantees.md#events-the-trigger-fetches), in-process
 * through n8n-core's TriggerContext and WebhookContext against the emulator, with a delivery log of 100,000 entries:
 * an idle trigger's hour of rounds (a public n8n URL, and one the service cannot reach), and 2,000 notices for
 * envelopes that others created and cancelled, each claiming a completion.
 */
import { randomUUID } from 'node:crypto';

import type { Emulator } from '../emulator';
import { logTimestamp } from '../emulator/state';
import { FakeN8n, TriggerWorkflow } from '../harness/trigger';
import { type Figure, MB, progress, round, type Row } from './report';

const LOG_ENTRIES = 100_000;
const NOTICES = 2_000;

/** Other webhooks' deliveries, as an account with a long history has them. */
function seedLog(emulator: Emulator): void {
	const account = emulator.state.account(emulator.demo.accountId)!;
	const now = Date.now();
	for (let i = 0; i < LOG_ENTRIES; i++)
		account.logs.push({
			requestId: randomUUID(),
			createdDate: logTimestamp(new Date(now - (LOG_ENTRIES - i) * 20_000)),
			webhookStatus: 'SUCCESS (1)',
			httpStatusCode: 200,
			webhookUrl: `https://crm.example.com/hooks/${i % 50}`,
			reasons: '',
		});
}

/** Requests to the service, and bytes it answered, while `run` runs. */
async function measured(emulator: Emulator, run: () => Promise<void>) {
	emulator.clearRequests();
	const logBytes = Buffer.byteLength(
		JSON.stringify({ errorCode: 0, message: 'Success', data: emulator.state.account(emulator.demo.accountId)!.logs }),
	);
	let peak = process.memoryUsage().rss;
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
	const before = process.memoryUsage().rss;
	const started = performance.now();
	try {
		await run();
	} finally {
		clearInterval(sampler);
	}
	const ms = performance.now() - started;
	const requests = emulator.requests.filter((r) => !r.path.includes('token'));
	const logReads = requests.filter((r) => r.path === '/api/v1/webhooks/logs').length;
	return { ms, requests, logReads, logBytes, peakGrowthMb: round((peak - before) / MB, 1) };
}

/** One hour of rounds, a minute apart, for an idle trigger at this n8n address. */
async function idleHour(emulator: Emulator, fake: FakeN8n, publicUrl: string): Promise<Row> {
	fake.publicUrl = publicUrl;
	const trigger = new TriggerWorkflow(fake, { events: ['*'], options: { catchUp: false } });
	await trigger.activate();
	const start = Date.now() + 61_000;
	const { requests, logReads, logBytes, ms } = await measured(emulator, async () => {
		for (let minute = 0; minute < 60; minute++) await trigger.fetchRound(start + minute * 60_000);
	});
	return {
		case: `idle trigger, one hour, n8n at ${new URL(publicUrl).hostname}`,
		'requests / hour': requests.length,
		'log reads / hour': logReads,
		'MB answered / hour': round((logReads * logBytes) / MB, 1),
		'time, s': round(ms / 1000, 1),
	};
}

export async function fetchFigure(emulator: Emulator): Promise<Figure> {
	emulator.reset();
	emulator.setProfile('live');
	seedLog(emulator);
	const fake = await FakeN8n.start(emulator);
	try {
		progress(`figure 7: an idle trigger's hour against a ${LOG_ENTRIES.toLocaleString('en')}-entry log`);
		const rows = [
			await idleHour(emulator, fake, 'https://n8n.example.com'),
			await idleHour(emulator, fake, fake.baseUrl),
		];

		progress(`figure 7: ${NOTICES} notices for envelopes others cancelled`);
		fake.publicUrl = fake.baseUrl;
		const trigger = new TriggerWorkflow(fake, { events: ['*'], options: { catchUp: false } });
		await trigger.activate();
		const account = emulator.state.account(emulator.demo.accountId)!;
		const notices = Array.from({ length: NOTICES }, () => {
			const envelope = emulator.state.createEnvelope(account, { files: [{ fileName: 'a.pdf', data: emulator.samplePdf }], referenceNumber: randomUUID() });
			envelope.status = 'Cancelled';
			return JSON.stringify({ RequestId: envelope.envelopeId, Status: 1, Files: [], Signatory: [] });
		});
		const token = trigger.headerToken();
		const statuses = new Map<number, number>();
		const attack = await measured(emulator, async () => {
			for (let i = 0; i < notices.length; i += 20)
				await Promise.all(
					notices.slice(i, i + 20).map(async (body) => {
						const res = await fetch(trigger.url(), {
							method: 'POST',
							headers: { 'content-type': 'application/json', authorization: token },
							body,
						});
						await res.arrayBuffer();
						statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
					}),
				);
		});
		rows.push({
			case: `${NOTICES} notices, 20 at a time (answers: ${[...statuses].map(([s, n]) => `${n} × ${s}`).join(', ')})`,
			'requests / hour': attack.requests.length,
			'log reads / hour': attack.logReads,
			'MB answered / hour': round((attack.logReads * attack.logBytes) / MB, 1),
			'time, s': round(attack.ms / 1000, 1),
			'executions started': trigger.executions.length,
			'peak RSS growth, MB': attack.peakGrowthMb,
		});
		return {
			id: 7,
			title: `The trigger's fetch: background cost against a ${LOG_ENTRIES.toLocaleString('en')}-entry delivery log, and ${NOTICES.toLocaleString('en')} unconfirmed notices`,
			rows,
			notes: [
				'An idle trigger reads the log every 30 minutes where n8n has a public address, every minute where the service cannot reach it (an internal address), plus one webhook list a round for Send and Wait.',
				'Each notice costs one Get Status; the log is read at most once a minute per trigger, whatever the number of notices.',
			],
		};
	} finally {
		await fake.stop();
		emulator.reset();
		emulator.setProfile('spec');
	}
}
