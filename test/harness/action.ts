/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * The harness of the action node: runs workflows [Test Source -> E-Signature] (see Harness). The trigger's harness is
 * trigger.ts; suite.ts registers the jest hooks that start an emulator and a Harness for a test file.
 */
import {
	DirectoryLoader,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	WebhookContext,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ExecutionBaseError,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWebhookResponseData,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { ESignatureApi } from '../../credentials/ESignatureApi.credentials';
import { ESignature } from '../../nodes/ESignature/ESignature.node';
import type { Emulator } from '../emulator';
import { CREDENTIAL_TYPE, TestCredentialsHelper, emulatorCredentials } from './credentials-helper';

export const NODE_NAME = 'E-Signature';

export interface InputFile {
	data: Buffer;
	fileName?: string;
	mimeType?: string;
}

export interface InputItem {
	json?: IDataObject;
	binary?: Record<string, InputFile>;
}

export interface RunOptions {
	/** Parameters of the E-Signature node. */
	parameters: INodeParameters;
	/**
	 * Further E-Signature nodes, each after the one before (named `E-Signature 2`, `E-Signature 3`, ...) with the same
	 * credential, as a workflow chains them: the result is the last one's.
	 */
	then?: INodeParameters[];
	/** Items the trigger emits into the node (default: one empty item). */
	items?: InputItem[];
	/** Credential id to use (default 'cred-1', see setCredentials). */
	credentialId?: string;
	continueOnFail?: boolean;
	/**
	 * n8n's "On Error" setting of the node: 'continueRegularOutput' is what continueOnFail sets, 'continueErrorOutput'
	 * adds the error output (RunResult.outputs[1]).
	 */
	onError?: 'continueRegularOutput' | 'continueErrorOutput';
	/** n8n's node settings Retry On Fail, Max. Tries and Wait Between Tries (ms), run by n8n-core's WorkflowExecute. */
	retryOnFail?: { maxTries?: number; waitBetweenTries?: number };
	/** The execution's ID, as n8n gives every execution one (default: a new one per run). */
	executionId?: string;
	/** The workflow's timezone setting (n8n's default otherwise). */
	timezone?: string;
	/** Another node type in the E-Signature node's place (benchmarks compare ours with a minimal declarative node). */
	nodeType?: INodeType;
	/** Called once the source has emitted its items (binary data stored), before the E-Signature node runs. */
	afterSource?: () => void;
	/**
	 * Runs the node as the tool n8n makes of it for an AI Agent or MCP Server Trigger: type `eSignatureTool`, the same
	 * node, its input item the model's arguments (give them as `items`).
	 */
	asTool?: boolean;
	/**
	 * Runs with no execution ID, as n8n's MCP Server Trigger runs a tool: outside any execution, so that
	 * `$execution.resumeUrl` ends in `__UNKNOWN__`.
	 */
	withoutExecution?: boolean;
}

export interface RunResult {
	run: IRun;
	/** Items the E-Signature node output (empty when it failed); the last one's with `then`. */
	items: INodeExecutionData[];
	/** Items a node of the workflow output in its last run, by name. */
	itemsOf(nodeName: string): INodeExecutionData[];
	/** Every main output of the node's last run: [regular, error] with onError 'continueErrorOutput'. */
	outputs: INodeExecutionData[][];
	/** The error that stopped the node, if any. */
	error?: ExecutionBaseError;
	/** Bytes of a binary property of an output item, whatever the binary data mode. */
	binary(itemIndex: number, property: string): Promise<Buffer>;
	/**
	 * Re-runs this (failed) execution as n8n's "Retry execution" does: a new execution with its own ID, started from
	 * the saved execution data with the failed node's run removed (n8n's ExecutionService.retry).
	 */
	retry(): Promise<RunResult>;
	/**
	 * Runs this waiting execution on as n8n's wait tracker does when its time limit is reached: the saved execution
	 * data (a copy, as read from n8n's database) processed again, the waiting node's wait being over.
	 */
	resumeAtTimeLimit(): Promise<RunResult>;
}

/** The trigger of the test workflow: emits the items the test gives, with binary data stored the n8n way. */
function sourceNodeType(items: InputItem[], afterSource?: () => void): INodeType {
	return {
		description: {
			displayName: 'Test Source',
			name: 'testSource',
			group: ['trigger'],
			version: 1,
			description: 'Emits the items of the test',
			defaults: { name: 'Test Source' },
			inputs: [],
			outputs: ['main'],
			properties: [],
		},
		async execute(this: IExecuteFunctions) {
			const output: INodeExecutionData[] = [];
			for (const item of items) {
				const out: INodeExecutionData = { json: item.json ?? {} };
				if (item.binary) {
					out.binary = {};
					for (const [key, file] of Object.entries(item.binary)) {
						out.binary[key] = await this.helpers.prepareBinaryData(
							file.data,
							file.fileName ?? 'document.pdf',
							file.mimeType ?? 'application/pdf',
						);
					}
				}
				output.push(out);
			}
			afterSource?.();
			return [output];
		},
	};
}

/**
 * Execution IDs are unique in an n8n instance: one counter for every harness of the test file, which share one
 * emulator (the node derives reference numbers from them).
 */
let executionCount = 0;

/** A workflow ready to run, and the additional data of an execution of it. */
interface Prepared {
	workflow: Workflow;
	/** The node whose run is the result: the last E-Signature node. */
	lastNode: string;
	additionalData(executionId: string): IWorkflowExecuteAdditionalData;
}

/**
 * One instance for every run, as n8n loads a node type once, with the Request Options (batching, proxy, timeout)
 * n8n's loader adds to every declarative node. On a copy of the property list: the node's own list stays as declared.
 */
function asLoaded(nodeType: INodeType): INodeType {
	const loaded = Object.create(nodeType) as INodeType;
	loaded.description = {
		...nodeType.description,
		properties: [...nodeType.description.properties],
	};
	DirectoryLoader.applyDeclarativeNodeOptionParameters(loaded);
	return loaded;
}

const eSignature = asLoaded(new ESignature());

/** The tool n8n makes of the node: the same node under the type name `<name>Tool`, which `@tool` fields follow. */
function asTool(nodeType: INodeType): INodeType {
	const tool = Object.create(nodeType) as INodeType;
	tool.description = { ...nodeType.description, name: `${nodeType.description.name}Tool` };
	return tool;
}
const eSignatureTool = asTool(eSignature);

/** Other node types in its place (benchmarks), loaded the same way, once each. */
const loadedTypes = new WeakMap<INodeType, INodeType>();
function loadedType(nodeType: INodeType): INodeType {
	let loaded = loadedTypes.get(nodeType);
	if (!loaded) loadedTypes.set(nodeType, (loaded = asLoaded(nodeType)));
	return loaded;
}

class NodeTypes implements INodeTypes {
	constructor(private readonly types: Record<string, INodeType | IVersionedNodeType>) {}

	getByName(nodeType: string) {
		return this.types[nodeType];
	}

	getByNameAndVersion(nodeType: string, version?: number): INodeType {
		const type = this.types[nodeType];
		if (!type) throw new Error(`Unknown node type ${nodeType}`);
		return NodeHelpers.getVersionedNodeType(type, version);
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

/**
 * Runs workflows [Test Source -> E-Signature] through n8n-core's real WorkflowExecute and RoutingNode, with real HTTP
 * to the emulator. One harness holds one credential store, as one n8n instance would.
 */
export class Harness {
	readonly credentialTypes: Record<string, ICredentialType> = {
		[CREDENTIAL_TYPE]: new ESignatureApi(),
	};

	readonly credentialsHelper = new TestCredentialsHelper(this.credentialTypes);

	private runCount = 0;

	constructor(readonly emulator: Emulator) {
		this.setCredentials(emulatorCredentials(emulator));
	}

	setCredentials(data: ICredentialDataDecryptedObject, id = 'cred-1') {
		this.credentialsHelper.store.set(id, { accessToken: '', ...data });
	}

	credentials(id = 'cred-1'): ICredentialDataDecryptedObject {
		return this.credentialsHelper.store.get(id) ?? {};
	}

	/** n8n's own address as getInstanceBaseUrl() gives it (WEBHOOK_URL when only that is set). */
	instanceBaseUrl = 'http://127.0.0.1:5678/';

	/** What n8n gives every node context of one run: the credentials, lifecycle hooks and its URLs. */
	private additionalData(id: string, workflowData: IWorkflowBase): IWorkflowExecuteAdditionalData {
		return {
			executionId: id,
			credentialsHelper: this.credentialsHelper,
			hooks: new ExecutionLifecycleHooks('manual', id, workflowData),
			executeWorkflow: async () => {
				throw new Error('not supported in tests');
			},
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			currentNodeExecutionIndex: 0,
			restApiUrl: 'http://127.0.0.1:5678/rest',
			instanceBaseUrl: this.instanceBaseUrl,
			formBaseUrl: 'http://127.0.0.1:5678/form',
			formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
			formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
			webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
			webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
			webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
			mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
			mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
			variables: {},
			userId: 'user-1',
		} as unknown as IWorkflowExecuteAdditionalData;
	}

	/** A workflow of one node of this type (as `eSignature`) with the harness's credential, as a picker or webhook sees it. */
	private singleNode(nodeType: INodeType, parameters: INodeParameters) {
		const id = `wf-${++this.runCount}`;
		const node: INode = {
			id: 'esign',
			name: NODE_NAME,
			type: 'eSignature',
			typeVersion: 1,
			position: [0, 0],
			parameters,
			credentials: { [CREDENTIAL_TYPE]: { id: 'cred-1', name: 'E-Signature account' } },
		};
		const nodeTypes = new NodeTypes({ eSignature: nodeType });
		const workflow = new Workflow({
			id,
			name: id,
			nodes: [node],
			connections: {},
			active: false,
			nodeTypes,
			staticData: {},
		});
		const workflowData = {
			id,
			name: id,
			active: false,
			nodes: [node],
			connections: {},
		} as unknown as IWorkflowBase;
		return { id, node, workflow, workflowData };
	}

	/**
	 * Calls a picker of the node (methods.listSearch) as the editor does, with n8n-core's LoadOptionsContext for a node
	 * with the given parameters and the harness's credential.
	 */
	async listSearch(
		method: keyof ESignature['methods']['listSearch'],
		filter?: string,
		parameters: INodeParameters = {},
	): Promise<INodeListSearchResult> {
		const { id, node, workflow, workflowData } = this.singleNode(eSignature, parameters);
		// The editor sends the panel's parameters with each list request (read by getCurrentNodeParameter).
		const context = new LoadOptionsContext(
			workflow,
			node,
			{ ...this.additionalData(id, workflowData), currentNodeParameters: parameters },
			'parameters.webhookId',
		);
		return await eSignature.methods!.listSearch![method].call(context, filter);
	}

	/**
	 * Calls a node's webhook() as n8n's waiting-webhook endpoint does when the service posts to a waiting execution's
	 * resume URL (E-Signature Send and Wait), with n8n-core's WebhookContext. n8n checks the URL's resume token before
	 * (not repeated here); `query` is the resume URL's query. Returns what webhook() returned and the answer it wrote.
	 */
	async resume(
		nodeType: INodeType,
		parameters: INodeParameters,
		request: {
			headers?: IDataObject;
			query?: IDataObject;
			body?: unknown;
			rawBody?: Buffer;
			executionId?: string;
			nodeId?: string;
		},
	): Promise<{ result: IWebhookResponseData; answer?: { status: number; body: unknown } }> {
		const loaded = loadedType(nodeType);
		const { id, node, workflow, workflowData } = this.singleNode(loaded, parameters);
		// The waiting execution n8n resumes (the last part of the resume URL's path), and the node that waits in it.
		const { executionId, nodeId, ...httpParts } = request;
		if (nodeId) node.id = nodeId;
		let answer: { status: number; body: unknown } | undefined;
		const response = {
			statusCode: 200,
			status(code: number) {
				response.statusCode = code;
				return response;
			},
			json(body: unknown) {
				answer = { status: response.statusCode, body };
				return response;
			},
			send(body: unknown) {
				answer = { status: response.statusCode, body };
				return response;
			},
			setHeader() {},
		};
		const httpRequest = { method: 'POST', headers: {}, query: {}, params: {}, ...httpParts };
		const additionalData = {
			...this.additionalData(executionId ?? id, workflowData),
			httpRequest,
			httpResponse: response,
		} as unknown as IWorkflowExecuteAdditionalData;
		const description = loaded.description.webhooks![0];
		const context = new WebhookContext(
			workflow,
			node,
			additionalData,
			'webhook',
			{
				httpMethod: 'POST',
				node: node.name,
				path: 'esign',
				webhookDescription: description,
				workflowId: id,
				workflowExecuteAdditionalData: additionalData,
			},
			[],
			null,
		);
		const result = await loaded.webhook!.call(context);
		return { result, answer };
	}

	async run(options: RunOptions): Promise<RunResult> {
		const prepared = this.prepare(options);
		const executionId = options.executionId ?? `exec-${++executionCount}`;
		const additionalData = prepared.additionalData(executionId);
		if (options.withoutExecution) delete (additionalData as { executionId?: string }).executionId;
		const run = await new WorkflowExecute(additionalData, 'manual').run({
			workflow: prepared.workflow,
			startNode: prepared.workflow.getNode('Test Source')!,
		});
		return this.result(prepared, run);
	}

	private prepare(options: RunOptions): Prepared {
		const items = options.items ?? [{ json: {} }];
		const credentialId = options.credentialId ?? 'cred-1';
		const id = `wf-${++this.runCount}`;
		const onError =
			options.onError ?? (options.continueOnFail ? 'continueRegularOutput' : undefined);
		const nodes: INode[] = [
			{
				id: 'source',
				name: 'Test Source',
				type: 'testSource',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'esign',
				name: NODE_NAME,
				type: options.asTool ? 'eSignatureTool' : 'eSignature',
				typeVersion: 1,
				position: [200, 0],
				parameters: options.parameters,
				credentials: { [CREDENTIAL_TYPE]: { id: credentialId, name: 'E-Signature account' } },
				continueOnFail: options.continueOnFail,
				onError,
				...(options.retryOnFail
					? {
							retryOnFail: true,
							maxTries: options.retryOnFail.maxTries,
							waitBetweenTries: options.retryOnFail.waitBetweenTries ?? 0,
						}
					: {}),
			},
		];
		const then = (options.then ?? []).map((parameters, index) => ({
			...nodes[1],
			id: `esign-${index + 2}`,
			name: `${NODE_NAME} ${index + 2}`,
			position: [200 * (index + 2), 0] as [number, number],
			parameters,
		}));
		nodes.push(...then);
		const connections = Object.fromEntries(
			nodes
				.slice(0, -1)
				.map((node, index) => [
					node.name,
					{ main: [[{ node: nodes[index + 1].name, type: 'main' as const, index: 0 }]] },
				]),
		);
		const nodeTypes = new NodeTypes({
			testSource: sourceNodeType(items, options.afterSource),
			eSignature: options.nodeType ? loadedType(options.nodeType) : eSignature,
			eSignatureTool: options.nodeType ? loadedType(options.nodeType) : eSignatureTool,
		});
		const workflowData: IWorkflowBase = {
			id,
			name: id,
			active: false,
			isArchived: false,
			nodes,
			connections,
			createdAt: new Date(),
			updatedAt: new Date(),
			settings: {},
		} as unknown as IWorkflowBase;
		const settings = options.timezone ? { timezone: options.timezone } : {};
		const workflow = new Workflow({
			id,
			name: id,
			nodes,
			connections,
			active: false,
			nodeTypes,
			staticData: {},
			settings,
		});

		const additionalData = (executionId: string) => this.additionalData(executionId, workflowData);
		return { workflow, lastNode: nodes[nodes.length - 1].name, additionalData };
	}

	/** n8n's ExecutionService.retry on a saved execution: the same data, the failed node's run dropped, a new ID. */
	private async retryRun(prepared: Prepared, failed: IRun): Promise<RunResult> {
		// n8n reads the execution back from its database: a copy, not the object the first run still holds.
		const data = JSON.parse(JSON.stringify(failed.data)) as IRun['data'];
		const { lastNodeExecuted } = data.resultData;
		delete data.resultData.error;
		const nodeRuns = lastNodeExecuted ? data.resultData.runData[lastNodeExecuted] : undefined;
		if (nodeRuns?.length && nodeRuns[nodeRuns.length - 1].error !== undefined) nodeRuns.pop();
		const additionalData = prepared.additionalData(`exec-${++executionCount}`);
		const run = await new WorkflowExecute(additionalData, 'retry', data).processRunExecutionData(
			prepared.workflow,
		);
		return this.result(prepared, run);
	}

	/** n8n's WaitTracker at a waiting execution's time limit: the saved execution data run on. */
	private async resumeRunAtTimeLimit(
		prepared: Prepared,
		waiting: IRun,
		executionId: string,
	): Promise<RunResult> {
		if (!waiting.data.waitTill) throw new Error('The execution is not waiting');
		const data = JSON.parse(JSON.stringify(waiting.data)) as IRun['data'];
		const run = await new WorkflowExecute(
			prepared.additionalData(executionId),
			'trigger',
			data,
		).processRunExecutionData(prepared.workflow);
		return this.result(prepared, run);
	}

	private result(prepared: Prepared, run: IRun): RunResult {
		const lastRun = (nodeName: string) => run.data.resultData.runData[nodeName]?.at(-1);
		const last = lastRun(prepared.lastNode);
		const outputs = (last?.data?.main ?? []).map((output) => output ?? []);
		const outputItems = outputs[0] ?? [];
		const error = (last?.error ?? run.data.resultData.error) as ExecutionBaseError | undefined;
		return {
			run,
			items: outputItems,
			itemsOf: (nodeName) => lastRun(nodeName)?.data?.main[0] ?? [],
			outputs,
			error,
			binary: async (itemIndex: number, property: string) => {
				const binary = outputItems[itemIndex]?.binary?.[property];
				if (!binary)
					throw new Error(`Output item ${itemIndex} has no binary property "${property}"`);
				if (binary.id) {
					const { Container } = await import('@n8n/di');
					const { BinaryDataService } = await import('n8n-core');
					return await Container.get(BinaryDataService).getAsBuffer(binary);
				}
				return Buffer.from(binary.data, 'base64');
			},
			retry: async () => await this.retryRun(prepared, run),
			resumeAtTimeLimit: async () =>
				await this.resumeRunAtTimeLimit(prepared, run, `exec-${++executionCount}`),
		};
	}
}
