import * as revoke from './revoke';
import { type OperationFile, operationSelector } from '../shared';

/** Its operations, in the order the Operation list shows them (by name). */
export const operations: OperationFile[] = [revoke];

export const operation = operationSelector('accessToken', operations, 'revoke');
