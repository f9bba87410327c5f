import type { INodeProperties } from 'n8n-workflow';
import { requiredIdField } from './common';
import { IDENTITY_REQUEST_ID_SOURCE } from './builderHints';

export function requestIdProperty(): INodeProperties {
	return {
		...requiredIdField('Request ID', 'requestId', IDENTITY_REQUEST_ID_SOURCE),
		description:
			'ID of the signing request the signer authenticated for with the national identity provider. The signer ' +
			'must authenticate before this call.',
	};
}

export function filePasswordProperty(): INodeProperties {
	return {
		displayName: 'File Password',
		name: 'filePassword',
		type: 'string',
		typeOptions: { password: true },
		default: '',
		description: 'Password of the PDF, if it is protected',
	};
}

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

export function signatureAppearanceProperty(): INodeProperties {
	return {
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
			inPoints(
				'X Position',
				'x1',
				0,
				'Distance of the signature box from the left edge of the page',
			),
			inPoints(
				'Y Position',
				'y1',
				0,
				'Distance of the signature box from the bottom edge of the page',
			),
		],
	};
}

export function signatureDetailsProperty(): INodeProperties {
	return {
		displayName: 'Signature Details Shown',
		name: 'config',
		type: 'collection',
		placeholder: 'Add Detail',
		default: {},
		description:
			'Which details are printed with the signature. Leave empty for the service default.',
		options: [
			['Show Account Name', 'showAccountName', 'account name'],
			['Show Page Number', 'showPageNumber', 'page number'],
			['Show Request ID', 'showRequestId', 'request ID'],
			['Show Sign Date', 'showSignDate', 'signing date'],
		].map(([displayName, name, what]) => ({
			displayName,
			name,
			type: 'boolean',
			default: true,
			description: `Whether the ${what} is shown`,
		})),
	};
}
