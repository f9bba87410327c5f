import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { forgetAccessToken } from '../../credentials/accessToken';
import {
	Emulator,
	type EmulatedEnvelope,
	type EmulatorOptions,
	type RecordedRequest,
} from '../emulator';
import { newSigner } from '../emulator/state';
import { Harness, type InputItem, type RunOptions, type RunResult } from './action';
import { emulatorCredentials } from './credentials-helper';

export type GrantType = 'integration' | 'clientCredentials';

/** What a run takes besides the node's parameters. */
export type RunExtras = Omit<RunOptions, 'parameters'>;

/**
 * Runs the E-Signature node with a fixed resource (and fixed parameters), the test giving the rest. The second
 * argument is either the input items or the other run options; the third is Continue On Fail or further options.
 */
export type Runner = (
	parameters: INodeParameters,
	items?: InputItem[] | RunExtras,
	options?: boolean | Omit<RunExtras, 'items'>,
) => Promise<RunResult>;

export interface EmulatorSuiteOptions {
	/** Options of Emulator.start. */
	emulator?: EmulatorOptions;
	/**
	 * What to do to the emulator before each test: forget the recorded requests only (default), reset its whole state
	 * (accounts, tokens, webhooks, faults, requests) or nothing.
	 */
	resetEach?: 'clearRequests' | 'reset' | 'none';
	/**
	 * Empty the process-wide token cache before each test (after the reset) for the emulator's demo credentials of
	 * these grants (`true`: the integration grant). Needed when the emulator forgets its tokens between tests.
	 */
	forgetTokens?: boolean | GrantType[];
	/** A new Harness (credential store) for every test instead of one for the whole file or describe block. */
	freshHarness?: boolean;
}

export interface EmulatorSuite {
	readonly emulator: Emulator;
	readonly harness: Harness;
	/** Recorded requests to the API (token requests excluded). */
	apiRequests(): RecordedRequest[];
	/** A run(parameters, items?, continueOnFail?) for one resource, with optional fixed parameters. */
	runner(resource: string, fixed?: INodeParameters): Runner;
	/** Another valid PDF than the emulator's sample, so tests can tell files apart by their bytes. */
	otherPdf(): Buffer;
	/** An item with the emulator's sample PDF in a binary field (default `data`, named contract.pdf). */
	pdfItem(fileName?: string, json?: IDataObject, property?: string): InputItem;
	/**
	 * An envelope straight in the emulator's state, of the demo account unless told: these files (default the sample
	 * PDF as contract.pdf) and these signers, signing in the order given.
	 */
	seedEnvelope(init?: {
		files?: Array<{ fileName: string; data: Buffer }>;
		signers?: Array<{ name: string; email: string; phone?: string }>;
		accountId?: string;
	}): EmulatedEnvelope;
}

/**
 * Registers the jest hooks of a test file (or describe block) that runs the node against one emulator: starts it and
 * a Harness before all tests, stops it after them, and cleans up before each test as the options say. Call it at the
 * level the hooks belong to; `emulator` and `harness` are available from beforeAll on.
 */
export function emulatorSuite(options: EmulatorSuiteOptions = {}): EmulatorSuite {
	const { resetEach = 'clearRequests', forgetTokens = false, freshHarness = false } = options;
	const grants: GrantType[] = forgetTokens === true ? ['integration'] : forgetTokens || [];
	let emulator: Emulator | undefined;
	let harness: Harness | undefined;

	beforeAll(async () => {
		emulator = await Emulator.start(options.emulator);
		if (!freshHarness) harness = new Harness(emulator);
	});

	afterAll(async () => {
		await emulator?.stop();
	});

	beforeEach(() => {
		const emu = suite.emulator;
		if (resetEach === 'reset') emu.reset();
		else if (resetEach === 'clearRequests') emu.clearRequests();
		for (const grant of grants) forgetAccessToken(emulatorCredentials(emu, grant));
		if (freshHarness) harness = new Harness(emu);
	});

	const suite: EmulatorSuite = {
		get emulator() {
			if (!emulator)
				throw new Error('The emulator is not started yet: use it inside hooks and tests');
			return emulator;
		},
		get harness() {
			if (!harness) throw new Error('The harness is not made yet: use it inside hooks and tests');
			return harness;
		},
		apiRequests: () =>
			suite.emulator.requests.filter((request) => request.path.startsWith('/api/')),
		runner:
			(resource, fixed = {}) =>
			async (parameters, items, more) => {
				const extras: RunExtras = Array.isArray(items) ? { items } : { ...items };
				if (typeof more === 'boolean') extras.continueOnFail = more;
				else Object.assign(extras, more);
				return await suite.harness.run({
					...extras,
					parameters: { resource, ...fixed, ...parameters },
				});
			},
		otherPdf: () => Buffer.concat([suite.emulator.samplePdf, Buffer.from('\n% annex\n')]),
		pdfItem: (fileName = 'contract.pdf', json = {}, property = 'data') => ({
			json,
			binary: {
				[property]: { data: suite.emulator.samplePdf, fileName, mimeType: 'application/pdf' },
			},
		}),
		seedEnvelope: ({ files, signers = [], accountId } = {}) => {
			const { state, demo, samplePdf } = suite.emulator;
			const envelope = state.createEnvelope(state.account(accountId ?? demo.accountId)!, {
				files: files ?? [{ fileName: 'contract.pdf', data: samplePdf }],
			});
			envelope.signers.push(
				...signers.map((signer, index) => newSigner({ ...signer, signeOrder: index + 1 })),
			);
			return envelope;
		},
	};
	return suite;
}
