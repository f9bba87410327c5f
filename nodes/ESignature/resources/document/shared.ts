import {
	base64ResponseToBinary,
	binaryOutputProperty,
	DOCUMENT_ID_SOURCE,
	fileResponseToBinary,
	type INodeProperties,
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

/** A document's file, from the service as it is or as Base64 in its JSON answer. */
export const downloadRouting = (url: string, documentId: INodeProperties, base64 = false) =>
	routing(
		{ method: 'GET', url, ...(base64 ? {} : fileAnswer) },
		{
			preSend: [sendsId(documentId)],
			postReceive: [base64 ? base64ResponseToBinary : fileResponseToBinary],
			idField: documentId,
		},
	);

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

/** Shared fields by reference, as in resources/kit.ts. */
export const downloadDescription = (documentId: INodeProperties, base64 = false) => [
	documentId,
	binaryOutput,
	base64 ? base64Options : fileOptions,
];

export const A_DOCUMENTS_FILE = `${DOCUMENT_ID_SOURCE} The file is output as binary data in binaryPropertyName.`;
