import { downloadOperation } from './shared';

export const { option, description, builderHint } = downloadOperation(
	{
		name: 'Download Original',
		value: 'download',
		action: 'Download the original document',
		description: 'Download the document as it was uploaded, without signatures',
	},
	'/api/v1/documents/{documentId}',
);
