import * as revoke from './revoke';
import { type OperationFile, operationSelector } from '../shared';

export const operations: OperationFile[] = [revoke];

export const operation = operationSelector('accessToken', operations, 'revoke');
