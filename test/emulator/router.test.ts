/**
 * The common checks the server applies before any handler runs, from what each route declares (router.ts: body
 * kind; applied by Emulator.dispatch in index.ts with the replies of http.ts): content types, malformed JSON,
 * unknown paths.
 */
import { TEMPLATE_ID } from './fixtures';
import { call, destination, expectWrapperKeys, useEmulator } from './testing';

useEmulator();

describe('content types and validation', () => {
	it('answers errorCode 7 for a JSON endpoint given a non-JSON body, and for multipart endpoints given JSON', async () => {
		const text = await call('POST', '/api/v1/envelopes/initiate-base64', {
			body: 'files=x',
			contentType: 'application/x-www-form-urlencoded',
		});
		expect(text.status).toBe(400);
		expect(text.json).toMatchObject({ errorCode: 7, data: null });
		expectWrapperKeys(text.json);
		const multi = await call('POST', '/api/v1/envelopes/initiate', { json: { file: 'x' } });
		expect(multi.status).toBe(400);
		expect(multi.json.errorCode).toBe(7);
		const template = await call('POST', '/api/v1/envelopes/initiate-by-template', {
			json: { templateId: TEMPLATE_ID },
		});
		expect(template.json.errorCode).toBe(7);
	});

	it('answers errorCode 8 with stateValidationErrors for malformed JSON and bad GUIDs', async () => {
		const bad = await call('POST', '/api/v1/invitations', {
			body: '{"DocumentId":',
			contentType: 'application/json',
		});
		expect(bad.status).toBe(400);
		expect(bad.json).toMatchObject({
			errorCode: 8,
			message: 'ValidationError',
			stateValidationErrors: { $: [expect.any(String)] },
		});
		const guid = await call('POST', '/api/v1/invitations', {
			json: { DocumentId: '', Destinations: [destination('a@example.com', 1)] },
		});
		expect(guid.status).toBe(400);
		expect(guid.json.stateValidationErrors).toHaveProperty('DocumentId');
	});

	it('answers unknown API paths with a 404 wrapper', async () => {
		const res = await call('GET', '/api/v1/nothing-here');
		expect(res.status).toBe(404);
		expect(res.json.errorCode).toBe(404);
	});
});
