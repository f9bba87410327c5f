import * as check from './check';
import { type OperationFile, operationSelector } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [check];

export const operation = operationSelector('commercialRegistration', operations, 'check');
