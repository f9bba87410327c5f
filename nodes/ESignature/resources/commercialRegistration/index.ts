import * as check from './check';
import { type OperationFile, operationSelector } from '../shared';

export const operations: OperationFile[] = [check];

export const operation = operationSelector('commercialRegistration', operations, 'check');
