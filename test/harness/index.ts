import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import type {
	ExecutionBaseError,
	ICredentialDataDecryptedObject,
	ICredentialType,
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypes,
	IRun,
	IVersionedNodeType,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';
import { NodeHelpers, Workflow } from 'n8n-workflow';

import { ESignatureApi } from '../../credentials/ESignatureApi.credentials';
import { ESignature } from '../../nodes/ESignature/ESignature.node';
import type { Emulator } from '../emulator';
import { TestCredentialsHelper } from './credentials-helper';

export { TestCredentialsHelper };

export const CREDENTIAL_TYPE = 'eSignatureApi';
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
	/** Items the trigger emits into the node (default: one empty item). */
	items?: InputItem[];
	/** Credential id to use (default 'cred-1', see setCredentials). */
	credentialId?: string;
	continueOnFail?: boolean;
	/** The workflow's timezone setting (n8n's default otherwise). */
	timezone?: string;
	/** Another node type in the E-Signature node's place (benchmarks compare ours with a minimal declarative node). */
	nodeType?: INodeType;
	/** Called once the source has emitted its items (binary data stored), before the E-Signature node runs. */
	afterSource?: () => void;
}

export interface RunResult {
	run: IRun;
	/** Items the E-Signature node output (empty when it failed). */
	items: INodeExecutionData[];
	/** The error that stopped the node, if any. */
	error?: ExecutionBaseError;
	/** Bytes of a binary property of an output item, whatever the binary data mode. */
	binary(itemIndex: number, property: string): Promise<Buffer>;
}

/** Credential data of the emulator's demo account, for either grant. */
export function emulatorCredentials(
	emulator: Emulator,
	grantType: 'integration' | 'clientCredentials' = 'integration',
	overrides: ICredentialDataDecryptedObject = {},
): ICredentialDataDecryptedObject {
	const { demo } = emulator;
	return {
		grantType,
		environment: 'production',
		baseUrl: emulator.url,
		sandboxBaseUrl: '',
		authUrl: emulator.authUrl,
		clientId: demo.clientId,
		clientSecret: demo.clientSecret,
		username: demo.username,
		password: demo.password,
		accountId: demo.accountId,
		accountSecret: demo.accountSecret,
		accessToken: '',
		...overrides,
	};
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

/** One instance for every run, as n8n loads a node type once. */
const eSignature = new ESignature();

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
	readonly credentialTypes: Record<string, ICredentialType> = { [CREDENTIAL_TYPE]: new ESignatureApi() };

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

	async run(options: RunOptions): Promise<RunResult> {
		const items = options.items ?? [{ json: {} }];
		const credentialId = options.credentialId ?? 'cred-1';
		const id = `wf-${++this.runCount}`;
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
				type: 'eSignature',
				typeVersion: 1,
				position: [200, 0],
				parameters: options.parameters,
				credentials: { [CREDENTIAL_TYPE]: { id: credentialId, name: 'E-Signature account' } },
				continueOnFail: options.continueOnFail,
				onError: options.continueOnFail ? 'continueRegularOutput' : undefined,
			},
		];
		const connections = {
			'Test Source': { main: [[{ node: NODE_NAME, type: 'main' as const, index: 0 }]] },
		};
		const nodeTypes = new NodeTypes({
			testSource: sourceNodeType(items, options.afterSource),
			eSignature: options.nodeType ?? eSignature,
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
		const workflow = new Workflow({ id, name: id, nodes, connections, active: false, nodeTypes, staticData: {}, settings });

		const additionalData = {
			credentialsHelper: this.credentialsHelper,
			hooks: new ExecutionLifecycleHooks('manual', id, workflowData),
			executeWorkflow: async () => {
				throw new Error('not supported in tests');
			},
			getRunExecutionData: async () => undefined,
			getRuntimeCredential: async () => undefined,
			currentNodeExecutionIndex: 0,
			restApiUrl: 'http://127.0.0.1:5678/rest',
			instanceBaseUrl: 'http://127.0.0.1:5678/',
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

		const run = await new WorkflowExecute(additionalData, 'manual').run({ workflow, startNode: nodes[0] });
		const nodeRuns = run.data.resultData.runData[NODE_NAME] ?? [];
		const last = nodeRuns[nodeRuns.length - 1];
		const outputItems = last?.data?.main?.[0] ?? [];
		const error = (last?.error ?? run.data.resultData.error) as ExecutionBaseError | undefined;
		return {
			run,
			items: outputItems,
			error,
			binary: async (itemIndex: number, property: string) => {
				const binary = outputItems[itemIndex]?.binary?.[property];
				if (!binary) throw new Error(`Output item ${itemIndex} has no binary property "${property}"`);
				if (binary.id) {
					const { Container } = await import('@n8n/di');
					const { BinaryDataService } = await import('n8n-core');
					return await Container.get(BinaryDataService).getAsBuffer(binary);
				}
				return Buffer.from(binary.data, 'base64');
			},
		};
	}
}

export { emulatorSuite } from './suite';
export type { EmulatorSuite, EmulatorSuiteOptions, GrantType, RunExtras, Runner } from './suite';
