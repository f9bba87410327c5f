import { downloadOperation } from './shared';

export const { option, description, builderHint } = downloadOperation(
	{
		name: 'Download Completed PDF',
		value: 'getCompleted',
		action: 'Download the completed PDF',
		description:
			'Download the final signed PDF of a completed envelope; always one PDF, even where Download Signed gives a ZIP',
	},
	'/api/v1/documents/{documentId}/completed/base64',
	true,
);
