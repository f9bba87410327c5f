import * as configure from './configure';

export const operations = [configure];

export const defaultOperation = 'configure';
