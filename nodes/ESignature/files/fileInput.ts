import type { UploadFile } from './document';
import { binaryFileNameOf, readBase64File, readBinaryFile, requirePdf } from './read';
import { downloadBudget, downloadDocument, nameFromUrl, originOf } from './download';
import { type FileInputOptions, FILE_INPUT_LABELS } from '../fields/fileInput';
import { isPlainObject, parseJsonParameter, pick } from '../fields/json';
import { inputError, requireHttpUrl, requireText, textOf } from '../fields/validation';
import { MAX_LENGTH } from '../../../credentials/text';
import type { ItemFunctions } from '../service/itemFunctions';

export async function readFileInput(context: ItemFunctions, options: ReadOptions = {}) {
	const input = context.getNodeParameter('fileInput', 'binary');
	const given =
		input === 'url'
			? givenLinks(context, options)
			: input === 'base64'
				? givenBase64(context, options)
				: givenBinaryFields(context, options);
	const files: UploadFile[] = [];
	// A refused file stops the item before the next is read or downloaded.
	for (const { label, read } of given) {
		const file = await read();
		const named = options.multiple ? file : { ...file, fileName: sentFileName(context, options) };
		files.push(requirePdf(context, named, label));
	}
	return files;
}

type ReadOptions = FileInputOptions & { leaveInStore?: true };

function givenBinaryFields(context: ItemFunctions, options: ReadOptions) {
	const label = FILE_INPUT_LABELS[options.multiple ? 'binaryFields' : 'binaryField'];
	const given = inputFieldName(context, label);
	const names = options.multiple
		? given
				.split(',')
				.map((name) => name.trim())
				.filter(Boolean)
		: [given];
	if (!names.length)
		throw inputError(context, `${label} is empty: enter the name of at least one binary field`);
	return names.map((name) => ({
		label,
		read: async () => await readBinaryFile(context, name, label, options.leaveInStore === true),
	}));
}

function givenBase64(context: ItemFunctions, options: FileInputOptions) {
	if (!options.multiple) {
		const label = FILE_INPUT_LABELS.base64;
		const value = context.getNodeParameter('fileBase64', '');
		return [{ label, read: async () => readBase64File(context, value, label) }];
	}
	const label = FILE_INPUT_LABELS.filesJson;
	const entries = parseJsonParameter(context, context.getNodeParameter('filesJson', '[]'), label);
	if (!Array.isArray(entries) || entries.length === 0)
		throw inputError(context, `${label} must be a non-empty array of {"file", "fileName"} objects`);
	return entries.map((entry: unknown, index) => {
		const entryLabel = `${label}, file ${index + 1}`;
		return {
			label: `${entryLabel}: file`,
			read: async () => {
				if (!isPlainObject(entry))
					throw inputError(context, `${entryLabel} must be an object with "file" and "fileName"`);
				// Either spelling the API uses (file/File, fileName/FileName) is accepted.
				const file = readBase64File(context, pick(entry, 'file'), `${entryLabel}: file`);
				const fileName = requireText(
					context,
					pick(entry, 'fileName'),
					`${entryLabel}: fileName`,
					MAX_LENGTH.fileName,
				);
				return { ...file, fileName };
			},
		};
	});
}

function givenLinks(context: ItemFunctions, options: FileInputOptions) {
	const budget = downloadBudget(context);
	const fromLink = (url: unknown, label: string) => ({
		label,
		read: async () => await downloadDocument(context, url, label, budget),
	});
	if (!options.multiple)
		return [fromLink(context.getNodeParameter('fileUrl', ''), FILE_INPUT_LABELS.url)];
	const label = FILE_INPUT_LABELS.urls;
	const value = context.getNodeParameter('fileUrls', '');
	const urls = (
		Array.isArray(value)
			? value
			: textOf(context, value, label, Number.MAX_SAFE_INTEGER).split(/[\s,]+/)
	)
		.map((entry) => textOf(context, entry, label, MAX_LENGTH.url))
		.filter(Boolean);
	if (!urls.length)
		throw inputError(context, `${label} is empty: enter the link of at least one document`);
	if (urls.length > budget.maxLinks)
		throw inputError(
			context,
			`${label}, link ${budget.maxLinks + 1} (${originOf(urls[budget.maxLinks])}): ` +
				`at most ${budget.maxLinks} links per item, got ${urls.length}`,
			"Send the documents over several items; the workflow's author can change Download Options → Max Links.",
		);
	return urls.map((url, index) =>
		fromLink(url, urls.length > 1 ? `${label}, link ${index + 1}` : label),
	);
}

const inputFieldName = (context: ItemFunctions, label: string) =>
	textOf(
		context,
		context.getNodeParameter('inputDataFieldName', 'data'),
		label,
		MAX_LENGTH.longText,
	);

// A single file's name; worked out again for a postReceive hook, which n8n hands the answer, not the request.
export function sentFileName(context: ItemFunctions, options: FileInputOptions) {
	const input = context.getNodeParameter('fileInput', 'binary');
	const ownName =
		input === 'url'
			? nameFromUrl(
					requireHttpUrl(context, context.getNodeParameter('fileUrl', ''), FILE_INPUT_LABELS.url),
				)
			: input === 'base64'
				? undefined
				: binaryFileNameOf(
						context,
						inputFieldName(context, FILE_INPUT_LABELS.binaryField),
						FILE_INPUT_LABELS.binaryField,
					);
	const given = textOf(
		context,
		context.getNodeParameter('fileName', ''),
		FILE_INPUT_LABELS.fileName,
		MAX_LENGTH.fileName,
	);
	if (given) return given;
	if (ownName !== undefined) return ownName;
	if (options.defaultFileName) return options.defaultFileName;
	throw inputError(context, `${FILE_INPUT_LABELS.fileName} is required`);
}
