import * as configure from './configure';
import { type OperationFile, operationSelector } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [configure];

export const operation = operationSelector('smsProvider', operations, 'configure');
