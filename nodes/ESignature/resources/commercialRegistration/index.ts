import * as check from './check';

export const operations = [check];

export const defaultOperation = 'check';
