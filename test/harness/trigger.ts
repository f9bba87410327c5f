/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/require-node-api-error -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * A stand-in for n8n's webhook side, for the E-Signature Trigger (test/trigger.test.ts, benchmarks).
 *
 * n8n-core has no webhook server, so this plays n8n's part with n8n-core's real HookContext and WebhookContext:
 * - activation runs checkExists, then create when it says false (as n8n's WebhookService.createWebhookIfNotExists),
 *   deactivation runs delete; requests go through httpRequestWithAuthentication with the credential's
 *   preAuthentication (TestCredentialsHelper), over real HTTP to the emulator;
 * - a small node:http server stands in for n8n's webhook endpoint: it parses the body as n8n does (JSON, text, raw
 *   bytes in rawBody), hands an Express-like request/response to the node's webhook(), and answers as n8n does
 *   (the node's own answer when it returns noWebhookResponse, otherwise 200 and the items start an execution).
 */
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { HookContext, TriggerContext, WebhookContext } from 'n8n-core';
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IWebhookData,
	IWebhookDescription,
	IWorkflowExecuteAdditionalData,
	WorkflowActivateMode,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { ESignatureApi } from '../../credentials/ESignatureApi.credentials';
import { ESignatureTrigger } from '../../nodes/ESignature/ESignatureTrigger.node';
import { type RoundReport, runRound } from '../../nodes/ESignature/trigger/rounds';
import { Emulator } from '../emulator';
import { CREDENTIAL_TYPE, TestCredentialsHelper, emulatorCredentials } from './credentials-helper';

export const triggerType = new ESignatureTrigger();
const webhookDescription = triggerType.description.webhooks![0] as IWebhookDescription;

export interface Answer {
	status: number;
	body: unknown;
}

class NodeTypes implements INodeTypes {
	getByName() {
		return triggerType;
	}

	getByNameAndVersion(): INodeType {
		return NodeHelpers.getVersionedNodeType(triggerType, 1);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

/** What n8n's body parser leaves on the request: JSON parsed, text as a string, every body's bytes in rawBody. */
function parseLikeN8n(
	contentType: string,
	raw: Buffer,
): { body: unknown } | { unprocessable: string } {
	if (raw.length === 0) return { body: {} };
	if (contentType === 'application/json') {
		try {
			return { body: JSON.parse(raw.toString('utf8')) };
		} catch (error) {
			// n8n answers UnprocessableRequestError (422) itself, before the node runs.
			return { unprocessable: (error as Error).message };
		}
	}
	if (contentType === 'text/plain') return { body: raw.toString('utf8') };
	return { body: {} };
}

/** The parts of Express's Response that a node may use. */
function expressResponse(res: ServerResponse) {
	const response = {
		status(code: number) {
			res.statusCode = code;
			return response;
		},
		json(body: unknown) {
			res.setHeader('content-type', 'application/json');
			res.end(JSON.stringify(body));
			return response;
		},
		send(body: unknown) {
			res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
			return response;
		},
		end() {
			res.end();
			return response;
		},
		setHeader: res.setHeader.bind(res),
	};
	return response;
}

/** One workflow with the trigger in it, and its registrations (production and test), as n8n would hold them. */
export class TriggerWorkflow {
	readonly id = `wf-${randomUUID().slice(0, 8)}`;

	readonly node: INode;

	/** The workflow's static data as n8n saves it in the database (production). */
	staticData: IDataObject = {};

	/** Items of the executions this workflow's webhook started. */
	readonly executions: INodeExecutionData[][] = [];

	/** n8n keeps a test registration's static data apart from the saved one (TestWebhooks caches it). */
	testStaticData?: IDataObject;

	constructor(
		readonly fake: FakeN8n,
		parameters: INodeParameters,
		node?: INode,
	) {
		this.node = node ?? {
			id: randomUUID(),
			name: 'E-Signature Trigger',
			type: 'eSignatureTrigger',
			typeVersion: 1,
			position: [0, 0],
			webhookId: randomUUID(),
			parameters,
			credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'E-Signature account' } },
		};
	}

	setParameters(parameters: INodeParameters) {
		this.node.parameters = parameters;
	}

	workflow(staticData: IDataObject): Workflow {
		return new Workflow({
			id: this.id,
			name: this.id,
			nodes: [this.node],
			connections: {},
			active: true,
			nodeTypes: new NodeTypes(),
			staticData,
		});
	}

	webhookData(isTest: boolean): IWebhookData {
		return {
			httpMethod: 'POST',
			node: this.node.name,
			path: NodeHelpers.getNodeWebhookPath(this.id, this.node, 'webhook'),
			webhookDescription,
			workflowId: this.id,
			workflowExecuteAdditionalData: this.fake.additionalData(),
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	private hook(isTest: boolean, activation: WorkflowActivateMode): HookContext {
		const staticData = isTest ? (this.testStaticData ??= {}) : this.staticData;
		const mode: WorkflowExecuteMode = isTest ? 'manual' : 'trigger';
		return new HookContext(
			this.workflow(staticData),
			this.node,
			this.fake.additionalData(),
			mode,
			activation,
			this.webhookData(isTest),
		);
	}

	url(isTest = false): string {
		return this.hook(isTest, isTest ? 'manual' : 'activate').getNodeWebhookUrl('default')!;
	}

	/**
	 * n8n's activation: the webhook is routed first (n8n stores it before it runs the node's webhook methods, so
	 * callbacks re-sent during activation arrive), then createWebhookIfNotExists: checkExists, then create when it
	 * answers false. A failed activation leaves nothing routed.
	 */
	async activate(activation: WorkflowActivateMode = 'activate'): Promise<void> {
		const { checkExists, create } = triggerType.webhookMethods!.default;
		this.fake.route(this.url(), this, false);
		try {
			if (!(await checkExists.call(this.hook(false, activation))))
				await create.call(this.hook(false, activation));
		} catch (error) {
			this.fake.unroute(this.url());
			throw error;
		}
		// Then trigger(), as n8n runs it for a published workflow: its rounds run in this process.
		await this.startFetching();
	}

	async deactivate(): Promise<void> {
		await triggerType.webhookMethods!.default.delete.call(this.hook(false, 'activate'));
		this.fake.unroute(this.url());
	}

	/**
	 * The same workflow after n8n restarted: n8n 2.x finds the webhook still stored and runs none of the node's
	 * webhook methods; the new process has seen nothing. A new workflow id stands for the new process, whose
	 * in-memory state (keyed by workflow and node) is empty; node, URL and saved static data are the same.
	 */
	restarted(): TriggerWorkflow {
		const after = this.inWebhookProcess();
		void triggerType.trigger!.call(after.triggerContext('trigger'));
		return after;
	}

	/**
	 * The same workflow in a process that runs no trigger() (a webhook process in queue mode): callbacks are routed to
	 * it; its memory is its own, the saved static data shared.
	 */
	inWebhookProcess(): TriggerWorkflow {
		const other = new TriggerWorkflow(this.fake, this.node.parameters, this.node);
		other.staticData = this.staticData;
		this.fake.unroute(this.url());
		this.fake.route(other.url(), other, false);
		return other;
	}

	/** "Listen for test event": the test registration starts from a copy of the saved static data. */
	async listenForTestEvent(): Promise<void> {
		this.testStaticData = JSON.parse(JSON.stringify(this.staticData)) as IDataObject;
		const { checkExists, create } = triggerType.webhookMethods!.default;
		if (!(await checkExists.call(this.hook(true, 'manual'))))
			await create.call(this.hook(true, 'manual'));
		this.fake.route(this.url(true), this, true);
	}

	async stopListening(): Promise<void> {
		await triggerType.webhookMethods!.default.delete.call(this.hook(true, 'manual'));
		this.fake.unroute(this.url(true));
		this.testStaticData = undefined;
	}

	/** Runs webhook() for one request, with n8n's real WebhookContext. */
	async receive(
		isTest: boolean,
		request: IDataObject,
		response: ReturnType<typeof expressResponse>,
	) {
		const additionalData = {
			...this.fake.additionalData(),
			httpRequest: request,
			httpResponse: response,
		} as unknown as IWorkflowExecuteAdditionalData;
		const staticData = isTest ? this.testStaticData! : this.staticData;
		const context = new WebhookContext(
			this.workflow(staticData),
			this.node,
			additionalData,
			isTest ? 'manual' : 'webhook',
			this.webhookData(isTest),
			[],
			null,
		);
		return await triggerType.webhook.call(context);
	}

	/**
	 * n8n's trigger() where the workflow is published (the main process), with n8n-core's real TriggerContext: what it
	 * emits starts an execution here; the cron it registers is returned, its tick left to the test.
	 */
	async startFetching(mode: WorkflowExecuteMode = 'trigger') {
		const crons: Array<{ expression: string; onTick: (scheduledAt: Date) => void }> = [];
		const context = this.triggerContext(mode, {
			registerCron: ({ expression }, onTick) => void crons.push({ expression, onTick }),
		});
		await triggerType.trigger!.call(context);
		return crons;
	}

	/** One fetch round, as a tick of the registered cron runs it. */
	async fetchRound(now?: number): Promise<RoundReport> {
		return await runRound(this.triggerContext('trigger'), now);
	}

	triggerContext(
		mode: WorkflowExecuteMode,
		scheduling: ConstructorParameters<typeof TriggerContext>[8] = {
			registerCron: () => undefined,
		},
	): TriggerContext {
		return new TriggerContext(
			this.workflow(this.staticData),
			this.node,
			this.fake.additionalData(),
			mode,
			'activate',
			(data) => void this.executions.push(data[0]),
			undefined,
			undefined,
			scheduling,
		);
	}

	get webhookId(): string | undefined {
		return this.staticData[`node:${this.node.name}`]
			? ((this.staticData[`node:${this.node.name}`] as IDataObject).webhookId as string)
			: undefined;
	}

	stored(isTest = false): IDataObject {
		const data = isTest ? this.testStaticData : this.staticData;
		return (data?.[`node:${this.node.name}`] as IDataObject) ?? {};
	}

	/** The header token the service holds for this trigger's webhook (static data keeps only its digest). */
	headerToken(isTest = false): string {
		const [webhook] = this.registered(isTest);
		if (!webhook) throw new Error('No webhook is registered for this trigger');
		return webhook.headerToken;
	}

	/** The emulator's webhooks registered at this workflow's production or test URL. */
	registered(isTest = false) {
		const url = this.url(isTest);
		return this.fake.emulator.webhooks().filter((w) => w.webhookUrl === url);
	}
}

export class FakeN8n {
	readonly credentialsHelper = new TestCredentialsHelper({
		[CREDENTIAL_TYPE]: new ESignatureApi(),
	});

	baseUrl = '';

	/** The public URL n8n's webhooks are reached at; a test changes it to simulate a new WEBHOOK_URL. */
	publicUrl = '';

	private server!: Server;

	private routes = new Map<string, { workflow: TriggerWorkflow; isTest: boolean }>();

	private constructor(readonly emulator: Emulator) {}

	static async start(emulator: Emulator): Promise<FakeN8n> {
		const fake = new FakeN8n(emulator);
		fake.server = createServer((req, res) => void fake.handle(req, res));
		await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
		fake.baseUrl = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
		fake.reset();
		return fake;
	}

	reset() {
		this.offline = false;
		this.payloadSizeMax = Number.POSITIVE_INFINITY;
		this.credentialsHelper.store.set('cred-1', emulatorCredentials(this.emulator));
		this.publicUrl = this.baseUrl;
		this.routes.clear();
	}

	async stop() {
		await new Promise<void>((resolve) => {
			this.server.close(() => resolve());
			this.server.closeAllConnections();
		});
	}

	additionalData(): IWorkflowExecuteAdditionalData {
		return {
			credentialsHelper: this.credentialsHelper,
			currentNodeExecutionIndex: 0,
			restApiUrl: `${this.publicUrl}/rest`,
			instanceBaseUrl: `${this.publicUrl}/`,
			webhookBaseUrl: `${this.publicUrl}/webhook`,
			webhookWaitingBaseUrl: `${this.publicUrl}/webhook-waiting`,
			webhookTestBaseUrl: `${this.publicUrl}/webhook-test`,
			formBaseUrl: `${this.publicUrl}/form`,
			formWaitingBaseUrl: `${this.publicUrl}/form-waiting`,
			formTestBaseUrl: `${this.publicUrl}/form-test`,
			variables: {},
			userId: 'user-1',
			executionId: 'exec-1',
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	route(url: string, workflow: TriggerWorkflow, isTest: boolean) {
		this.routes.set(new URL(url).pathname, { workflow, isTest });
	}

	unroute(url: string) {
		this.routes.delete(new URL(url).pathname);
	}

	/** While true, n8n is down: connections are dropped without an answer. */
	offline = false;

	/** n8n's N8N_PAYLOAD_SIZE_MAX, in bytes: larger bodies are refused before the node runs. */
	payloadSizeMax = Number.POSITIVE_INFINITY;

	private async handle(req: IncomingMessage, res: ServerResponse) {
		if (this.offline) {
			req.socket.destroy();
			return;
		}
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		const rawBody = Buffer.concat(chunks);
		const reply = (status: number, body: unknown) => {
			res.statusCode = status;
			res.setHeader('content-type', 'application/json');
			res.end(JSON.stringify(body));
		};
		// As n8n 2.41 does for a body over N8N_PAYLOAD_SIZE_MAX (its body parser's error becomes a 500).
		if (rawBody.length > this.payloadSizeMax)
			return reply(500, { code: 500, message: 'request entity too large' });
		const path = new URL(req.url ?? '/', 'http://n8n.local').pathname;
		const target = this.routes.get(path);
		if (!target) return reply(404, { message: 'The requested webhook is not registered' });

		const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
		const parsed = parseLikeN8n(contentType, rawBody);
		if ('unprocessable' in parsed) {
			return reply(422, { code: 422, message: 'Failed to parse request body' });
		}
		const request = Object.assign(req, {
			body: parsed.body,
			rawBody,
			contentType,
			query: {},
			params: {},
		}) as unknown as IDataObject;
		const response = expressResponse(res);
		try {
			const result = await target.workflow.receive(target.isTest, request, response);
			if (result.noWebhookResponse) {
				// The node wrote its own answer.
				if (!res.writableEnded) res.end();
				return;
			}
			if (result.workflowData) target.workflow.executions.push(result.workflowData[0]);
			// responseMode onReceived: n8n answers as soon as the execution starts.
			reply(
				200,
				result.workflowData
					? { message: 'Workflow was started' }
					: { message: 'Webhook call received' },
			);
		} catch (error) {
			reply(500, { message: (error as Error).message });
		}
	}
}

/**
 * Registers the jest hooks of a trigger test file: an emulator and a FakeN8n for the file, both reset before each
 * test. `emulator` and `n8n` are available from beforeAll on.
 */
export function triggerSuite({ live = false }: { live?: boolean } = {}) {
	let emulator: Emulator | undefined;
	let n8n: FakeN8n | undefined;
	beforeAll(async () => {
		emulator = await Emulator.start();
		n8n = await FakeN8n.start(emulator);
	});
	afterAll(async () => {
		await n8n?.stop();
		await emulator?.stop();
	});
	beforeEach(() => {
		emulator?.reset();
		n8n?.reset();
		// The live form, as the real service answers: Get Status names the documents, so a callback's files are
		// compared with them. A reset keeps the profile, so it goes back to the contract's after each test.
		if (live) emulator?.setProfile('live');
	});
	if (live) afterEach(() => emulator?.setProfile('spec'));
	const suite = {
		get emulator(): Emulator {
			if (!emulator)
				throw new Error('The emulator is not started yet: use it inside hooks and tests');
			return emulator;
		},
		get n8n(): FakeN8n {
			if (!n8n) throw new Error('FakeN8n is not started yet: use it inside hooks and tests');
			return n8n;
		},
		/** A trigger with these parameters, activated. */
		async activeTrigger(
			parameters: INodeParameters = { events: ['*'], options: {} },
		): Promise<TriggerWorkflow> {
			const trigger = new TriggerWorkflow(suite.n8n, parameters);
			await trigger.activate();
			return trigger;
		},
	};
	return suite;
}
