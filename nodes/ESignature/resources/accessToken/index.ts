import * as revoke from './revoke';

export const operations = [revoke];

export const defaultOperation = 'revoke';
