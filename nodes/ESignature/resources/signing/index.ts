import * as sign from './sign';
import * as signByTemplate from './signByTemplate';
import { type OperationFile, operationSelector } from '../shared';

export const operations: OperationFile[] = [sign, signByTemplate];

export const operation = operationSelector('signing', operations, 'sign');
