import {
	base64ResponseToBinary,
	binaryOutputProperty,
	DOCUMENT_ID_SOURCE,
	documentId,
	fileResponseToBinary,
	type INodeProperties,
	type INodePropertyOptions,
	optionsCollection,
	responseOptions,
	routing,
	sendsId,
} from '../kit';

// Stored by n8n as it arrives.
const fileAnswer = {
	encoding: 'stream',
	json: false,
	headers: { Accept: 'application/pdf, application/zip, application/octet-stream, */*' },
} as const;

const fileName: INodeProperties = {
	displayName: 'File Name',
	name: 'fileName',
	type: 'string',
	default: '',
	placeholder: 'e.g. contract-{{ $json.referenceNumber }}',
	description:
		"Name of the output file. Its extension follows the file's type (.pdf, or .zip when the service sends a " +
		'ZIP). Empty: the name the service gives, else the document ID.',
};

const binaryOutput = binaryOutputProperty();

const fileOptions = optionsCollection([fileName]);

const base64Options = responseOptions([fileName]);

/** A document's file, from the service as it is or as Base64 in its JSON answer; its fields shared by reference. */
export const downloadOperation = (
	option: INodePropertyOptions,
	url: string,
	base64 = false,
	idField = documentId,
) => ({
	option: {
		...option,
		routing: routing(
			{ method: 'GET', url, ...(base64 ? {} : fileAnswer) },
			{
				preSend: [sendsId(idField)],
				postReceive: [base64 ? base64ResponseToBinary : fileResponseToBinary],
				idField,
			},
		),
	},
	description: [idField, binaryOutput, base64 ? base64Options : fileOptions],
	builderHint: `${DOCUMENT_ID_SOURCE} The file is output as binary data in binaryPropertyName.`,
});
