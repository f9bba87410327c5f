/* eslint-disable @n8n/community-nodes/no-restricted-imports -- not shipped code (docs/n8n-notes.md#lint-rules) */
/**
 * What the AI Agent and MCP scenarios share (ai-agent.e2e.test.ts, mcp.e2e.test.ts, the examples suite): the E-Signature
 * tools as a user sets them up, with fields the model fills, and a document server on 127.0.0.1 for File Input → URL.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

import { PACKAGE_NAME } from './n8n';
import { ESIG_CREDENTIAL, type NodeSpec } from './workflow-builder';

/** A field the model fills, with the description the user wrote for it (the editor's "Defined automatically by the model"). */
export const fromAI = (key: string, description: string) =>
	`={{ $fromAI('${key}', \`${description}\`, 'string') }}`;

/** The E-Signature node as a tool (n8n's `<node type>Tool`), with the automatic tool description. */
export const eSignatureTool = (name: string, parameters: Record<string, unknown>): NodeSpec => ({
	name,
	type: `${PACKAGE_NAME}.eSignatureTool`,
	typeVersion: 1,
	parameters: { descriptionType: 'auto', ...parameters },
	credentials: ESIG_CREDENTIAL,
});

/**
 * The author's allowance of internal addresses, in the node: the test's document server is on loopback, which a tool
 * otherwise refuses (docs/security.md).
 */
const LOOPBACK_DOCUMENTS = { downloadOptions: { allowInternalAddresses: true } };

/** Create From Base64 with File Input → URL: the model gives the document's link (on loopback unless `internal` is false). */
export const createEnvelopeTool = ({ name = 'Create Envelope', internal = true } = {}): NodeSpec =>
	eSignatureTool(name, {
		resource: 'envelope',
		operation: 'createFromBase64',
		fileInput: 'url',
		fileUrl: fromAI('documentUrl', 'Link to the PDF, e.g. https://example.com/contract.pdf'),
		...(internal ? LOOPBACK_DOCUMENTS : {}),
	});

export const getStatusTool = (): NodeSpec =>
	eSignatureTool('Get Status', {
		resource: 'envelope',
		operation: 'getStatus',
		envelopeId: fromAI('envelopeId', 'The envelopeId, like 3f2504e0-4f89-11d3-9a0c-0305e82c3301'),
	});

/** E-Signature Send and Wait as a tool: the document by link, one signer, both from the model. */
export const sendAndWaitTool = (): NodeSpec => ({
	name: 'Send and Wait for Signature',
	type: `${PACKAGE_NAME}.eSignatureSendAndWaitTool`,
	typeVersion: 1,
	parameters: {
		fileInput: 'url',
		fileUrls: fromAI('documentUrl', 'Link to the PDF'),
		...LOOPBACK_DOCUMENTS,
		destinationsInput: 'fields',
		destinations: {
			destination: [
				{ name: fromAI('signerName', 'Full name'), email: fromAI('signerEmail', 'E-mail address') },
			],
		},
	},
	credentials: ESIG_CREDENTIAL,
});

export interface DocumentServer {
	/** The link of a document: any path serves the PDF. */
	url(path: string): string;
	/** The headers of every download, in order. */
	downloads: IncomingHttpHeaders[];
	stop(): Promise<void>;
}

/** Serves one PDF at every path on a loopback address (127.0.0.1 unless given), recording each download's headers. */
export async function serveDocument(
	pdf: () => Buffer,
	host = '127.0.0.1',
): Promise<DocumentServer> {
	const downloads: IncomingHttpHeaders[] = [];
	const server = createServer((req, res) => {
		downloads.push(req.headers);
		res.writeHead(200, { 'Content-Type': 'application/pdf' }).end(pdf());
	});
	await new Promise<void>((resolve) => server.listen(0, host, resolve));
	const base = `http://${host}:${(server.address() as AddressInfo).port}`;
	return {
		url: (path) => `${base}${path}`,
		downloads,
		async stop() {
			server.closeAllConnections();
			await new Promise((resolve) => server.close(resolve));
		},
	};
}
