import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	IN8nHttpFullResponse,
	INodeExecutionData,
} from 'n8n-workflow';

import { fileNameFor, readBinaryFile, requireBase64 } from '../../shared/binary';
import { buildSigners } from '../../shared/destinations';
import type { FileInputOptions } from '../../shared/fileInput';
import { fileInputName, readFileInput } from '../../shared/fileInput';
import { outputBinaryField } from '../../shared/hooks';
import { inputError, requireGuid, toText } from '../../shared/validation';

/** Request builders of identity-provider signing (v1 and v2). */

/** One PDF; Base64 text without a File Name is sent (and the signed file output) as document.pdf. */
export const IDENTITY_FILE_INPUT: FileInputOptions = { defaultFileName: 'document.pdf' };

async function fileObject(context: IExecuteSingleFunctions): Promise<IDataObject> {
	const [document] = await readFileInput(context, IDENTITY_FILE_INPUT);
	// The PDF's password is sent exactly as entered: spaces may be part of it.
	const password = String(context.getNodeParameter('filePassword', '') ?? '');
	return { file: document.base64(), fileName: document.fileName, password: password || null };
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
	const imageField = toText(settings.appearanceImageBinaryField);
	const imageText = toText(settings.appearanceImageBase64);
	if (imageField && imageText) {
		throw inputError(context, `${label}: give the appearance image either as a binary field or as Base64, not both`);
	}
	if (imageField) {
		const image = await readBinaryFile(context, imageField, `${label}: Appearance Image Binary Field`);
		appearance.appearanceImageBase64 = image.base64();
	} else if (imageText) {
		appearance.appearanceImageBase64 = requireBase64(context, imageText, `${label}: Appearance Image (Base64)`);
	}
	const extraText = toText(settings.extraText);
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

/**
 * The single naming step of the signed file. The service answers with the bare file, so base64ResponseToBinary (shared)
 * gives it a generic name first; this names it after the file that was sent (fileInputName, as in the request) and
 * adds the request ID.
 */
export async function nameSignedFile(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
	_response: IN8nHttpFullResponse,
): Promise<INodeExecutionData[]> {
	const property = outputBinaryField(this);
	const requestId = toText(this.getNodeParameter('requestId', ''));
	return items.map((item) => {
		const binary = item.binary?.[property];
		if (!binary) return item;
		const fileName = fileNameFor(fileInputName(this, IDENTITY_FILE_INPUT), 'document', binary.fileExtension ?? 'pdf');
		return {
			...item,
			json: { requestId, ...item.json, fileName },
			binary: { ...item.binary, [property]: { ...binary, fileName } },
		};
	});
}
