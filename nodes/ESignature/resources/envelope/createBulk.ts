import {
	base64Of,
	type IDataObject,
	type IHttpRequestOptions,
	type INodeProperties,
	isServiceWrapper,
	keepWrapper,
	type PostReceiveAction,
	type PreSendAction,
	readAnswer,
	referenceNumberField,
	sendJsonWithDocuments,
	SEVERAL_FILES_SOURCE,
	type UploadFile,
	workflowIdField,
} from '../kit';
import {
	readSeveralFiles,
	severalFiles,
	base64CreateFields,
	compact,
	selectedWebhookId,
	createDescription,
	createRouting,
} from './shared';

const buildBase64DocumentsBody: PreSendAction = async function (requestOptions) {
	const webhookId = selectedWebhookId(this);
	const files = await readSeveralFiles(this);
	return sendCreateBulk(requestOptions, base64CreateFields(this, webhookId), files);
};

const splitBulkFileResponse: PostReceiveAction = async function (_items, response) {
	const { body, errorItems } = await readAnswer(this, response);
	if (errorItems) return errorItems;
	const pairedItem = { item: this.getItemIndex() };
	if (keepWrapper(this) && isServiceWrapper(body))
		return [{ json: body as unknown as IDataObject, pairedItem }];
	const data = ((isServiceWrapper(body) ? body.data : body) ?? {}) as IDataObject;
	const { bulkFileResponse, ...envelope } = data;
	if (!Array.isArray(bulkFileResponse) || !bulkFileResponse.length)
		return [{ json: data, pairedItem }];
	const shared = compact(envelope);
	return bulkFileResponse.map((entry) => ({
		json: { ...shared, ...(entry as IDataObject) },
		pairedItem,
	}));
};

export const option = {
	name: 'Create From Base64 List',
	value: 'createBulk',
	action: 'Create an envelope from a list of documents sent as base64',
	description:
		'Create one envelope from several documents sent as Base64 text in one JSON request; ' +
		'outputs one item per document, with its document ID',
	routing: createRouting('/api/v1/envelopes/bulk/initiate-base64', buildBase64DocumentsBody, {
		unwrap: splitBulkFileResponse,
	}),
};

export const builderHint = SEVERAL_FILES_SOURCE;

export const description: INodeProperties[] = [
	{
		displayName:
			'One envelope holding several documents. The output has one item per document, each with the envelope ID.',
		name: 'createBulkNotice',
		type: 'notice',
		default: '',
	},
	...createDescription(severalFiles, [referenceNumberField, workflowIdField]),
];

export function sendCreateBulk(
	requestOptions: IHttpRequestOptions,
	fields: IDataObject,
	files: UploadFile[],
) {
	return sendJsonWithDocuments(requestOptions, {
		...compact(fields),
		files: files.map((file) => ({ file: base64Of(file), fileName: file.fileName })),
	});
}
