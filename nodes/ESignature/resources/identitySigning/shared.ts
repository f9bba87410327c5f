import {
	base64Of,
	base64ResponseToBinary,
	binaryOutputProperty,
	booleanOf,
	buildSigners,
	FILE_NOT_FOR_TOOLS,
	fileInputProperties,
	fileNameFor,
	type Form,
	type IDataObject,
	identitySigningPath,
	type IExecuteSingleFunctions,
	type IHttpRequestOptions,
	type INodeProperties,
	inputError,
	integerOf,
	MAX_LENGTH,
	numberIn,
	offerAlternative,
	options,
	outputBinaryField,
	type PostReceiveAction,
	type PreSendAction,
	readBinaryFile,
	readFileInput,
	requireBase64,
	requiredIdField,
	requireGuid,
	routing,
	secretOf,
	sendJsonWithDocuments,
	sentFileName,
	textOf,
	toText,
} from '../kit';

// No routing: each operation builds its whole body with the PDF in it.
const requestId = {
	...requiredIdField(
		'Request ID',
		'requestId',
		'requestId is the ID of the signing request the signer authenticated for with the national identity ' +
			'provider, before this call. It is a GUID.',
	),
	description:
		'ID of the signing request the signer authenticated for with the national identity provider. The signer ' +
		'must authenticate before this call.',
};

const FILE_INPUT = { defaultFileName: 'document.pdf' };

const documentFields: INodeProperties[] = [
	requestId,
	...fileInputProperties(FILE_INPUT),
	{
		displayName: 'File Password',
		name: 'filePassword',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Password of the PDF, if it is protected',
	},
];

const inPoints = (
	displayName: string,
	name: string,
	value: number,
	what: string,
): INodeProperties => ({
	displayName,
	name,
	type: 'number',
	default: value,
	description: `${what}, in PDF points`,
});

const signatureAppearance: INodeProperties = {
	displayName: 'Signature Appearance',
	name: 'signatureAppearance',
	type: 'collection',
	placeholder: 'Add Appearance Setting',
	default: {},
	description: 'How and where the signature is drawn. Leave empty for the service default.',
	options: [
		{
			displayName: 'Appearance Image (Base64)',
			name: 'appearanceImageBase64',
			type: 'string',
			default: '',
			description: 'Image drawn as the signature, Base64-encoded',
		},
		{
			displayName: 'Appearance Image Binary Field',
			name: 'appearanceImageBinaryField',
			type: 'string',
			default: '',
			description: 'Name of an input binary field holding the image drawn as the signature',
		},
		{
			displayName: 'Extra Text',
			name: 'extraText',
			type: 'string',
			default: '',
			description: 'Text shown with the signature',
		},
		inPoints('Height', 'height', 50, 'Height of the signature box'),
		{
			displayName: 'Page Number',
			name: 'pageNumber',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 1,
			description: 'Page the signature is drawn on (1 is the first page)',
		},
		{
			displayName: 'Visible',
			name: 'isVisible',
			type: 'boolean',
			default: true,
			description: 'Whether the signature is drawn on the page',
		},
		inPoints('Width', 'width', 150, 'Width of the signature box'),
		inPoints('X Position', 'x1', 0, 'Distance of the signature box from the left edge of the page'),
		inPoints(
			'Y Position',
			'y1',
			0,
			'Distance of the signature box from the bottom edge of the page',
		),
	],
};

// In the order the service lists them; the editor shows them alphabetically.
const SIGNATURE_DETAILS = [
	['Show Account Name', 'showAccountName', 'account name'],
	['Show Request ID', 'showRequestId', 'request ID'],
	['Show Sign Date', 'showSignDate', 'signing date'],
	['Show Page Number', 'showPageNumber', 'page number'],
];

const signatureDetails: INodeProperties = {
	displayName: 'Signature Details Shown',
	name: 'config',
	type: 'collection',
	placeholder: 'Add Detail',
	default: {},
	description: 'Which details are printed with the signature. Leave empty for the service default.',
	options: SIGNATURE_DETAILS.map(([displayName, name, what]) => ({
		displayName,
		name,
		type: 'boolean' as const,
		default: true,
		description: `Whether the ${what} is shown`,
	})).sort((a, b) => a.displayName.localeCompare(b.displayName)),
};

const signatureFields = [signatureAppearance, signatureDetails, binaryOutputProperty()];

// Error 100 also answers a signer not yet authenticated (docs/service-api.md#error-codes).
export const SIGNING_ERRORS = {
	100:
		'The service could not sign: the signer has not authenticated with the identity provider yet, ' +
		'or signing failed',
};

async function appearanceObject(context: IExecuteSingleFunctions) {
	const settings = (context.getNodeParameter('signatureAppearance', {}) || {}) as IDataObject;
	const label = (name: string) => `Signature Appearance: ${name}`;
	const appearance: IDataObject = {};
	if (settings.isVisible !== undefined)
		appearance.isVisible = booleanOf(context, settings.isVisible, label('Visible'));
	if (settings.pageNumber !== undefined)
		appearance.pageNumber = integerOf(context, settings.pageNumber, label('Page Number'), {
			min: 1,
		});
	const rectFields = { x1: 'X Position', y1: 'Y Position', width: 'Width', height: 'Height' };
	if (Object.keys(rectFields).some((key) => settings[key] !== undefined)) {
		const rect: IDataObject = {};
		for (const [key, name] of Object.entries(rectFields)) {
			const raw = settings[key];
			if (raw === undefined)
				throw inputError(
					context,
					`${label(name)} is missing`,
					'Give X Position, Y Position, Width and Height together to place the signature.',
				);
			const value = numberIn(raw);
			if (!Number.isFinite(value) || value < 0)
				throw inputError(
					context,
					`${label(name)} must be a number of PDF points, 0 or more, got "${String(raw)}"`,
				);
			rect[key] = value;
		}
		appearance.rect = rect;
	}
	const imageLabel = label('Appearance Image Binary Field');
	const imageField = textOf(context, settings.appearanceImageBinaryField, imageLabel);
	const rawImage = settings.appearanceImageBase64;
	const imageText = typeof rawImage === 'string' ? rawImage.trim() : (rawImage ?? '');
	if (imageField && imageText)
		throw inputError(
			context,
			'Signature Appearance: give the appearance image either as a binary field or as Base64, not both',
		);
	if (imageField)
		appearance.appearanceImageBase64 = (
			await readBinaryFile(context, imageField, imageLabel)
		).base64();
	else if (imageText !== '')
		appearance.appearanceImageBase64 = requireBase64(
			context,
			imageText,
			label('Appearance Image (Base64)'),
		);
	const extraText = textOf(
		context,
		settings.extraText,
		label('Extra Text'),
		MAX_LENGTH.longText,
		'multi',
	);
	if (extraText) appearance.extraText = extraText;
	return Object.keys(appearance).length ? appearance : undefined;
}

function configObject(context: IExecuteSingleFunctions) {
	const settings = (context.getNodeParameter('config', {}) || {}) as IDataObject;
	const config: IDataObject = {};
	for (const [name, key] of SIGNATURE_DETAILS)
		if (settings[key] !== undefined)
			config[key] = booleanOf(context, settings[key], `Signature Details Shown: ${name}`);
	return Object.keys(config).length ? config : undefined;
}

const nameSignedFile: PostReceiveAction = async function (items) {
	const property = outputBinaryField(this);
	const requestId = toText(this.getNodeParameter('requestId', ''));
	// Worked out again, once: the hook is handed the answer, not the request.
	let sent: string | undefined;
	const sentName = () => (sent ??= sentFileName(this, FILE_INPUT));
	return items.map((item) => {
		const binary = item.binary?.[property];
		// As a tool the item describes the file instead: its details take the same name.
		if (!binary && item.json.file !== FILE_NOT_FOR_TOOLS) return item;
		const fileName = fileNameFor(sentName(), 'document', binary?.fileExtension ?? 'pdf');
		const json = { requestId, ...item.json, fileName };
		if (!binary) return { ...item, json };
		return { ...item, json, binary: { ...item.binary, [property]: { ...binary, fileName } } };
	});
};

// Built whole: the PDF is written in as it is sent. The path is the spec's or the live service's (nafath).
const signingRequest = (version: 1 | 2): PreSendAction =>
	async function (requestOptions) {
		const requestId = requireGuid(
			this,
			this.getNodeParameter('requestId', ''),
			'Request ID',
			'requestId',
		);
		const [document] = await readFileInput(this, { ...FILE_INPUT, leaveInStore: true });
		// The PDF's password is sent exactly as entered: spaces may be part of it.
		const password = secretOf(this, this.getNodeParameter('filePassword', ''), 'File Password');
		const file = {
			file: base64Of(document),
			fileName: document.fileName,
			password: password || null,
		};
		const signres = version === 2 ? buildSigners(this) : undefined;
		const signatureAppearance = await appearanceObject(this);
		const body = { requestId, file, signatureAppearance, config: configObject(this), signres };
		// Made again for the other form: a stream of a stored file is read once per attempt.
		const build = (options: IHttpRequestOptions, form: Form) => {
			sendJsonWithDocuments(options, body);
			options.url = identitySigningPath(version, form);
		};
		build(
			requestOptions,
			await offerAlternative(this, requestOptions, 'identitySigningPath', build),
		);
		return requestOptions;
	};

export const signingRouting = (version: 1 | 2) =>
	routing(
		{ method: 'POST', url: `/api/v${version}/esign/idp/sign` },
		{
			preSend: [signingRequest(version)],
			postReceive: [base64ResponseToBinary, nameSignedFile],
			errors: SIGNING_ERRORS,
			idField: requestId,
		},
	);

export const signingDescription = (signers: INodeProperties[] = []) => [
	...documentFields,
	...signers,
	...signatureFields,
	options,
];
