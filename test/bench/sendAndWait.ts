/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Figure 6, in the real n8n of figures 2, 3 and 5: 100 executions of E-Signature Send and Wait waiting at once,
 * resumed by the service's 100 callbacks sent 20 at a time. Counts the executions that completed (each once), n8n's
 * memory (its process group: n8n and its task runner) idle and while the 100 wait, and the resume latency (callback
 * sent to n8n's answer) against the trigger's latency for the same callbacks (figure 5's receiver, measured here too).
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

import { type N8nInstance, PACKAGE_NAME, sleep } from '../e2e/n8n';
import { type Stack, TRIGGER_TYPE } from '../e2e/stack';
import { chain, ESIG_CREDENTIAL } from '../e2e/workflow-builder';
import type { Emulator } from '../emulator';
import { type Figure, percentile, progress, ratio, round, type Row, timed } from './report';

const WAITING = 100;
const CONCURRENCY = 20;

/** Resident memory of a process group (n8n and its task runner), MB, from /proc. */
function groupRssMb(groupId: number): number {
	let kb = 0;
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue;
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
			// Fields after the command name (which may hold spaces): state, ppid, pgrp, ...
			const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
			if (Number(fields[2]) !== groupId) continue;
			const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'));
			kb += rss ? Number(rss[1]) : 0;
		} catch {
			// The process ended while being read.
		}
	}
	return round(kb / 1024, 0);
}

/** Memory after n8n had a moment to settle: the least of a few readings. */
async function settledRssMb(n8n: N8nInstance): Promise<number> {
	const readings: number[] = [];
	for (let i = 0; i < 5; i++) {
		readings.push(groupRssMb(n8n.child.pid!));
		await sleep(1000);
	}
	return Math.min(...readings);
}

/** Runs `task` for each element, `CONCURRENCY` at a time. */
async function inParallel<T>(elements: T[], task: (element: T) => Promise<void>): Promise<void> {
	let next = 0;
	const worker = async () => {
		while (next < elements.length) await task(elements[next++]);
	};
	await Promise.all(Array.from({ length: CONCURRENCY }, worker));
}

export async function sendAndWaitFigure(stack: Stack, emulator: Emulator): Promise<Figure> {
	const { n8n } = stack;
	const idleMb = await settledRssMb(n8n);

	// A Webhook node starts each execution with the PDF as Base64; Send and Wait sends it and waits.
	const startPath = `bench-wait-${randomUUID()}`;
	const workflow = await stack.addWorkflow(
		chain('Bench: send and wait', [
			{
				name: 'Start',
				type: 'n8n-nodes-base.webhook',
				typeVersion: 2,
				webhookId: randomUUID(),
				parameters: { httpMethod: 'POST', path: startPath, options: {} },
			},
			{
				name: 'Send and Wait',
				type: `${PACKAGE_NAME}.eSignatureSendAndWait`,
				typeVersion: 1,
				parameters: {
					fileInput: 'base64',
					filesJson: '={{ JSON.stringify([{ file: $json.body.pdf, fileName: "contract.pdf" }]) }}',
					destinationsInput: 'fields',
					destinations: { destination: [{ name: 'Alice Signer', email: 'alice@example.com' }] },
					options: {},
				},
				credentials: ESIG_CREDENTIAL,
			},
			{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} },
		]),
		{ activate: true },
	);
	const pdf = emulator.samplePdf.toString('base64');
	// n8n registers a production webhook a moment after the activation call returns, and answers 404 (starting
	// nothing) until then: each start is sent again until n8n takes it.
	let refusedStarts = 0;
	await inParallel([...Array(WAITING).keys()], async () => {
		const deadline = Date.now() + 60_000;
		for (;;) {
			const response = await fetch(`${n8n.url}/webhook/${startPath}`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify({ pdf }),
			});
			await response.arrayBuffer();
			if (response.status !== 404 || Date.now() > deadline) return;
			refusedStarts++;
			await sleep(250);
		}
	});
	if (refusedStarts) progress(`figure 6: ${refusedStarts} starts sent again while n8n registered the webhook`);

	// Every execution has registered its webhook and is waiting.
	const deadline = Date.now() + 300_000;
	let waiting: Array<{ envelopeId: string }> = [];
	for (;;) {
		waiting = emulator
			.webhooks()
			.filter((hook) => hook.webhookUrl.includes('/webhook-waiting/') && hook.webhookUrl.includes('envelopeId='))
			.map((hook) => ({ envelopeId: new URL(hook.webhookUrl).searchParams.get('envelopeId')! }));
		const parked = (await n8n.listExecutions({ workflowId: workflow.id, status: 'waiting', limit: 250 })).length;
		if ((waiting.length >= WAITING && parked >= WAITING) || Date.now() > deadline) break;
		await sleep(1000);
	}
	progress(`figure 6: ${waiting.length} executions waiting`);
	const waitingMb = await settledRssMb(n8n);

	// The service's callbacks: the signer signs each envelope, 20 at a time; the emulator's delivery is timed.
	const latencies: number[] = [];
	await inParallel(waiting, async ({ envelopeId }) => {
		const { ms } = await timed(async () => await emulator.sign(envelopeId));
		latencies.push(ms);
	});
	const accepted = emulator.state.deliveries.filter((delivery) => waiting.some((w) => w.envelopeId === delivery.requestId));

	// The same number of completions delivered to a trigger, for its latency (figure 5 measures it under more load).
	const triggerPath = randomUUID();
	await stack.addWorkflow(
		chain('Bench: trigger latency', [
			{ name: 'On Signing Event', type: TRIGGER_TYPE, typeVersion: 1.1, webhookId: triggerPath, parameters: { events: ['*'], options: {} }, credentials: ESIG_CREDENTIAL },
			{ name: 'Done', type: 'n8n-nodes-base.noOp', typeVersion: 1, parameters: {} },
		]),
		{ activate: true },
	);
	const triggerUrl = `${n8n.url}/webhook/${triggerPath}/webhook`;
	while (!emulator.webhooks().some((hook) => hook.webhookUrl === triggerUrl) && Date.now() < deadline) await sleep(200);
	const trigger = emulator.webhooks().find((hook) => hook.webhookUrl === triggerUrl)!;
	const triggerLatencies: number[] = [];
	await inParallel([...Array(WAITING).keys()], async () => {
		const { ms } = await timed(async () => await emulator.sendTestEvent({ webhookId: trigger.id, event: 'completed' }));
		triggerLatencies.push(ms);
	});

	const finishDeadline = Date.now() + 300_000;
	let succeeded = 0;
	for (;;) {
		succeeded = (await n8n.listExecutions({ workflowId: workflow.id, status: 'success', limit: 250 })).length;
		if (succeeded >= waiting.length || Date.now() > finishDeadline) break;
		await sleep(1000);
	}
	await sleep(2000);
	const all = await n8n.listExecutions({ workflowId: workflow.id, limit: 250 });

	const rows: Row[] = [
		{
			measure: 'executions started / waiting at once',
			value: `${WAITING} / ${waiting.length}`,
		},
		{ measure: 'callbacks answered 200 by n8n', value: accepted.filter((delivery) => delivery.httpStatusCode === 200).length },
		{ measure: 'executions completed (goal 100, none lost, none twice)', value: `${succeeded} of ${all.length} executions` },
		{ measure: "n8n's memory idle, MB", value: idleMb },
		{ measure: `n8n's memory with ${waiting.length} executions waiting, MB`, value: waitingMb },
		{ measure: 'memory per waiting execution, MB', value: round((waitingMb - idleMb) / Math.max(1, waiting.length), 2) },
		{ measure: 'resume: callback answered, p50 / p95 ms', value: `${round(percentile(latencies, 50), 1)} / ${round(percentile(latencies, 95), 1)}` },
		{
			measure: 'trigger: callback answered, p50 / p95 ms',
			value: `${round(percentile(triggerLatencies, 50), 1)} / ${round(percentile(triggerLatencies, 95), 1)}`,
		},
		{
			measure: 'resume ÷ trigger, p50 / p95',
			value: `${ratio(percentile(latencies, 50), percentile(triggerLatencies, 50))} / ${ratio(percentile(latencies, 95), percentile(triggerLatencies, 95))}`,
		},
	];
	return {
		id: 6,
		title: `Send and wait in a real n8n: ${WAITING} executions waiting at once, resumed by ${WAITING} callbacks ${CONCURRENCY} at a time`,
		rows,
		notes: [
			"Memory is n8n's process group (n8n and its task runner), the least of five readings a second apart; a waiting execution lives in n8n's database, not in memory.",
			'Resume latency is from the emulator sending the callback to n8n\'s answer (signing included); the trigger\'s is the same measure for a completion sent to an active E-Signature Trigger.',
		],
	};
}
