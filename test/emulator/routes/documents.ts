/**
 * Document downloads: original, signed (PDF, or ZIP for multi-file envelopes),
 * completed Base64 and content Base64.
 */
import { type Reply, binaryReply, fail, guidParam, ok, raise } from '../http';
import { type ApiContext, type Route, api } from '../router';
import type { EmulatedEnvelope, EmulatedFile } from '../state';
import { createZip } from '../zip';

function ownDocument(ctx: ApiContext): { envelope: EmulatedEnvelope; file: EmulatedFile } {
	const id = guidParam(ctx.params.id, 'id');
	const found = ctx.core.state.documentOf(ctx.account, id);
	if (!found) raise(404, 'DocumentNotFound', { status: 404 });
	return found;
}

/**
 * GET /api/v1/documents/{id}: the original bytes; the live sandbox answered with whichever version exists, signed or not
 * (docs/service-api.md#spec-and-live-service).
 */
function original(ctx: ApiContext): Reply {
	const { envelope, file } = ownDocument(ctx);
	const bytes =
		ctx.core.state.profile === 'live' ? ctx.core.state.currentBytes(envelope, file) : file.data;
	return binaryReply(bytes, 'application/pdf', file.fileName);
}

/**
 * GET /api/v1/documents/{id}/signed: the bytes with the signatures so far.
 * Like the live service, an envelope with more than one file answers with a ZIP
 * of every signed PDF, named after the reference number.
 */
function signed(ctx: ApiContext): Reply {
	const { state } = ctx.core;
	const { envelope, file } = ownDocument(ctx);
	if (envelope.files.length > 1) {
		const archive = createZip(
			envelope.files.map((f) => ({ name: f.fileName, data: state.currentBytes(envelope, f) })),
		);
		return binaryReply(archive, 'application/zip', `${envelope.referenceNumber}.zip`);
	}
	return binaryReply(state.currentBytes(envelope, file), 'application/pdf', file.fileName);
}

const fileData = (name: string, data: Buffer) => ({
	file: data.toString('base64'),
	fileName: name,
	contentType: 'application/pdf',
});

/** GET /api/v1/documents/{id}/completed/base64: only once the envelope is completed. */
function completedBase64(ctx: ApiContext): Reply {
	const { envelope, file } = ownDocument(ctx);
	if (envelope.status !== 'Completed') return fail(100, 'GeneralError');
	return ok(fileData(file.fileName, ctx.core.state.currentBytes(envelope, file)));
}

/** GET /api/v1/documents/{id}/content-base64: another account's document gives errorCode 14. */
function contentBase64(ctx: ApiContext): Reply {
	const { state } = ctx.core;
	const id = guidParam(ctx.params.id, 'id');
	const found = state.documentOf(ctx.account, id);
	if (!found) {
		if (state.findDocumentAnywhere(id)) return fail(14, 'The user is unauthorized');
		raise(404, 'DocumentNotFound', { status: 404 });
	}
	return ok(fileData(found.file.fileName, state.currentBytes(found.envelope, found.file)));
}

export const documentRoutes: Route[] = [
	api('GET', '/api/v1/documents/:id', 'none', original),
	api('GET', '/api/v1/documents/:id/signed', 'none', signed),
	api('GET', '/api/v1/documents/:id/completed/base64', 'none', completedBase64),
	api('GET', '/api/v1/documents/:id/content-base64', 'none', contentBase64),
];
