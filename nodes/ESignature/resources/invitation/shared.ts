import {
	addedToBody,
	buildDestinations,
	destinationsProperties,
	DOCUMENT_ID_SOURCE,
	documentId,
	type INodeExecutionData,
	invitationMessageProperty,
	invitationMessageText,
	invitationSubjectProperty,
	invitationSubjectText,
	options,
	type PostReceiveAction,
	routing,
	sendsId,
	sentField,
	simplify,
	simplifyOutput,
	unwrapResponse,
} from '../kit';

// No routing on the signers fields: each operation builds its list.
export const signerFields = destinationsProperties('v1');
const [signersInput, , signersJson] = signerFields;
const linkSigners = destinationsProperties('v2')[1];

export const invitationSubject = sentField(invitationSubjectProperty(), invitationSubjectText);

export const invitationMessage = sentField(invitationMessageProperty(), invitationMessageText);

export const signerEmail = {
	displayName: 'Signer Email',
	name: 'destinationEmail',
	type: 'string',
	placeholder: 'name@email.com',
	default: '',
	required: true,
} as const;

export const SIGNERS_OF_A_DOCUMENT =
	`${DOCUMENT_ID_SOURCE} Signers sign in signOrder; ` + '0 means their position in the list.';

/** Invitation records can come back out of order; the sort is stable. */
const sortBySigneOrder: PostReceiveAction = async function (items) {
	const order = ({ json }: INodeExecutionData) =>
		Number.isFinite(Number(json.signeOrder)) ? Number(json.signeOrder) : Number.MAX_SAFE_INTEGER;
	return [...items].sort((a, b) => order(a) - order(b));
};

export const linksRouting = (url: string) =>
	routing(
		{ method: 'POST', url },
		{
			preSend: [
				sendsId(documentId, { body: 'documentId' }),
				addedToBody('destinations', (context) => buildDestinations(context, 'v2')),
			],
			postReceive: [unwrapResponse, sortBySigneOrder, simplifyOutput],
			idField: documentId,
			keepsInputIds: 'documentId',
			handsOutSigningLinks: true,
		},
	);

export const linksDescription = [
	documentId,
	signersInput,
	linkSigners,
	signersJson,
	invitationSubject,
	invitationMessage,
	simplify,
	options,
];
