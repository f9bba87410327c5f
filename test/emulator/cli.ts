/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * Runs the emulator standalone for demos and end-to-end runs:
 *   npm run emulator -- --port 8787 [--token-lifetime 600] [--host 0.0.0.0] [--live] [--unreachable]
 * The port may also come from EMULATOR_PORT (default 0: a free port). --live (or EMULATOR_PROFILE=live) answers as the
 * service's live sandbox did where it differs from the spec (docs/service-api.md#spec-and-live-service).
 */
import { Emulator, KNOWN_CR_NUMBER, TEMPLATE_ID, TEMPLATE_WITH_RECIPIENT_FIELDS_ID } from './index';

function option(name: string): string | undefined {
	const args = process.argv.slice(2);
	const inline = args.find((a) => a.startsWith(`--${name}=`));
	if (inline) return inline.slice(name.length + 3);
	const at = args.indexOf(`--${name}`);
	return at >= 0 ? args[at + 1] : undefined;
}

function integer(value: string | undefined, what: string): number | undefined {
	if (value === undefined || value === '') return undefined;
	const n = Number(value);
	if (!Number.isInteger(n) || n < 0) {
		console.error(`Invalid ${what}: ${value}`);
		process.exit(2);
	}
	return n;
}

async function main(): Promise<void> {
	const emulator = await Emulator.start({
		port: integer(option('port') ?? process.env.EMULATOR_PORT, 'port') ?? 0,
		host: option('host') ?? process.env.EMULATOR_HOST,
		tokenLifetimeSeconds: integer(option('token-lifetime'), 'token lifetime'),
		profile:
			process.argv.includes('--live') || process.env.EMULATOR_PROFILE === 'live' ? 'live' : 'spec',
	});
	if (process.argv.includes('--unreachable')) emulator.setUnreachable(true);
	const d = emulator.demo;
	const c = `${emulator.url}/_emulator`;
	console.log(`E-Signature emulator listening (profile: ${emulator.profile}${emulator.profile === 'live' ? ', as the live sandbox answered' : ', as the spec says'})
  Base URL (base_url):      ${emulator.url}
  Auth URL (auth_url):      ${emulator.authUrl}
    integration grant:      POST ${emulator.url}/Authentication/Authority/Token
    client credentials:     POST ${emulator.authUrl}/connect/token
    revocation:             POST ${emulator.authUrl}/connect/revocation

Demo credentials
  Integration grant (Basic ${emulator.profile === 'live' ? 'accountId:accountSecret' : 'clientId:clientSecret'} + form):
    clientId=${d.clientId}  clientSecret=${d.clientSecret}
    username=${d.username}  password=${d.password}
    accountId=${d.accountId}  accountSecret=${d.accountSecret}
  Client credentials grant:
    client_id=${d.clientId}  client_secret=${d.clientSecret}  scope=Integrationscope

Fixtures
  templates: ${TEMPLATE_ID} (two destinations), ${TEMPLATE_WITH_RECIPIENT_FIELDS_ID} (recipient fields)
  CR number: ${KNOWN_CR_NUMBER}

Pages (open in a browser)
  ${emulator.url}/                          every envelope: IDs, signers, their signing pages, Sign/Reject buttons
  every invitationLink                      the signer's page: Sign or Reject (sends the callback, as below)
  ${emulator.url}/sample/contract.pdf       a sample document to send (an HTTP Request node can fetch it)

Control (no auth)
  POST ${c}/envelopes/{id}/sign            {"email"?}  (an e-mail address or destination id)
  POST ${c}/envelopes/{id}/reject          {"email"?, "reason"?}
  POST ${c}/test-event                     {"webhookId"?, "event"?}  (GET works too: a sample event to the
                                           newest test registration ("Execute step" on a trigger), else the newest webhook)
  POST ${c}/identity/{requestId}/authenticate
  POST ${c}/tokens/expire
  POST ${c}/faults                         {"count","status"}, {"latencyMs"}, {"statusLagMs"} or {"unreachable"}
  POST ${c}/profile                        {"profile": "spec" | "live"}
  POST ${c}/reset
  GET  ${c}/requests | /state | /webhooks | /deliveries | /notifications

Ctrl+C to stop.`);
	const shutdown = (signal: string) => {
		console.log(`\n${signal}: stopping`);
		void emulator.stop().then(() => process.exit(0));
	};
	process.once('SIGINT', () => shutdown('SIGINT'));
	process.once('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
