export * as revoke from './revoke';

export const defaultOperation = 'revoke';
