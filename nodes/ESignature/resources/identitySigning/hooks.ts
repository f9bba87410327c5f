import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { decodeBase64, fileNameFor, readBinaryFile } from '../../shared/binary';
import { buildSigners } from '../../shared/destinations';
import { inputError, requireGuid } from '../../shared/validation';

/** Request builders of identity-provider signing (v1 and v2). */

function text(value: unknown): string {
	return value === undefined || value === null ? '' : String(value).trim();
}

/** Base64 given as text, checked so a typo fails here instead of at the service. */
function base64Text(context: IExecuteSingleFunctions, value: unknown, fieldLabel: string): string {
	const raw = text(value);
	if (!raw) throw inputError(context, `${fieldLabel} is empty`);
	if (!decodeBase64(raw)) throw inputError(context, `${fieldLabel} is not valid Base64`);
	return raw.replace(/^data:[^;]+;base64,/, '').replace(/\s+/g, '');
}

/** The name the file is sent with, and the signed file is output with. */
function inputFileName(context: IExecuteSingleFunctions): string {
	const given = text(context.getNodeParameter('fileName', ''));
	if (given) return given;
	if (context.getNodeParameter('fileInput', 'binary') === 'binary') {
		const property = text(context.getNodeParameter('inputBinaryField', 'data'));
		const fromBinary = context.getInputData().binary?.[property]?.fileName;
		if (fromBinary) return fromBinary;
	}
	return 'document.pdf';
}

async function fileObject(context: IExecuteSingleFunctions): Promise<IDataObject> {
	let file: string;
	if (context.getNodeParameter('fileInput', 'binary') === 'base64') {
		file = base64Text(context, context.getNodeParameter('fileBase64', ''), 'File (Base64)');
	} else {
		const property = text(context.getNodeParameter('inputBinaryField', 'data'));
		file = (await readBinaryFile(context, property, 'Input Binary Field')).data.toString('base64');
	}
	const password = String(context.getNodeParameter('filePassword', '') ?? '');
	return { file, fileName: inputFileName(context), password: password || null };
}

async function appearanceObject(context: IExecuteSingleFunctions): Promise<IDataObject | undefined> {
	const settings = context.getNodeParameter('signatureAppearance', {}) as IDataObject;
	if (!settings || !Object.keys(settings).length) return undefined;
	const label = 'Signature Appearance';
	const appearance: IDataObject = {};
	if (settings.isVisible !== undefined) appearance.isVisible = Boolean(settings.isVisible);
	if (settings.pageNumber !== undefined) {
		const page = Number(settings.pageNumber);
		if (!Number.isInteger(page) || page < 1) throw inputError(context, `${label}: Page Number must be 1 or more`);
		appearance.pageNumber = page;
	}
	const rectFields = { x1: 'X Position', y1: 'Y Position', width: 'Width', height: 'Height' } as const;
	const given = (Object.keys(rectFields) as Array<keyof typeof rectFields>).filter((key) => settings[key] !== undefined);
	if (given.length) {
		const rect: IDataObject = {};
		for (const key of Object.keys(rectFields) as Array<keyof typeof rectFields>) {
			if (settings[key] === undefined) {
				throw inputError(
					context,
					`${label}: ${rectFields[key]} is missing`,
					'Give X Position, Y Position, Width and Height together to place the signature.',
				);
			}
			const value = Number(settings[key]);
			if (!Number.isFinite(value)) throw inputError(context, `${label}: ${rectFields[key]} must be a number`);
			rect[key] = value;
		}
		appearance.rect = rect;
	}
	const imageField = text(settings.appearanceImageBinaryField);
	const imageText = text(settings.appearanceImageBase64);
	if (imageField && imageText) {
		throw inputError(context, `${label}: give the appearance image either as a binary field or as Base64, not both`);
	}
	if (imageField) {
		const image = await readBinaryFile(context, imageField, `${label}: Appearance Image Binary Field`);
		appearance.appearanceImageBase64 = image.data.toString('base64');
	} else if (imageText) {
		appearance.appearanceImageBase64 = base64Text(context, imageText, `${label}: Appearance Image (Base64)`);
	}
	const extraText = text(settings.extraText);
	if (extraText) appearance.extraText = extraText;
	return Object.keys(appearance).length ? appearance : undefined;
}

function configObject(context: IExecuteSingleFunctions): IDataObject | undefined {
	const settings = context.getNodeParameter('config', {}) as IDataObject;
	const config: IDataObject = {};
	for (const key of ['showAccountName', 'showRequestId', 'showSignDate', 'showPageNumber']) {
		if (settings?.[key] !== undefined) config[key] = Boolean(settings[key]);
	}
	return Object.keys(config).length ? config : undefined;
}

async function identitySigningBody(context: IExecuteSingleFunctions, withSigners: boolean): Promise<IDataObject> {
	const requestId = requireGuid(context, context.getNodeParameter('requestId', ''), 'Request ID');
	const file = await fileObject(context);
	const signres = withSigners ? buildSigners(context) : undefined;
	const signatureAppearance = await appearanceObject(context);
	const config = configObject(context);
	return {
		requestId,
		file,
		...(signatureAppearance ? { signatureAppearance } : {}),
		...(config ? { config } : {}),
		...(signres ? { signres } : {}),
	};
}

export async function buildIdentitySignBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions) {
	requestOptions.body = await identitySigningBody(this, false);
	return requestOptions;
}

export async function buildIdentitySignWithSignersBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
) {
	requestOptions.body = await identitySigningBody(this, true);
	return requestOptions;
}

/** The service answers with the bare signed file: it is named after the file that was sent, with the request ID. */
export async function nameSignedFile(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	_response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const property = text(this.getNodeParameter('binaryPropertyName', 'data')) || 'data';
	const requestId = text(this.getNodeParameter('requestId', ''));
	return items.map((item) => {
		const binary = item.binary?.[property];
		if (!binary) return item;
		const fileName = fileNameFor(inputFileName(this), 'document', binary.fileExtension ?? 'pdf');
		return {
			...item,
			json: { requestId, ...item.json, fileName },
			binary: { ...item.binary, [property]: { ...binary, fileName } },
		};
	});
}
