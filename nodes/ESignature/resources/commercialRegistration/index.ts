export * as check from './check';

export const defaultOperation = 'check';
