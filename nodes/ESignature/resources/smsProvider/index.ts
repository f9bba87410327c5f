import * as configure from './configure';
import { type OperationFile, operationSelector } from '../shared';

export const operations: OperationFile[] = [configure];

export const operation = operationSelector('smsProvider', operations, 'configure');
