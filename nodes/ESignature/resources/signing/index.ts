import * as sign from './sign';
import * as signByTemplate from './signByTemplate';
import { type OperationFile, operationSelector } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [sign, signByTemplate];

export const operation = operationSelector('signing', operations, 'sign');
