import type { INodeProperties } from 'n8n-workflow';

import { signingLinksProperties } from './getSigningLinks';

export const sendWithLinksDescription: INodeProperties[] = signingLinksProperties('sendWithLinks');
