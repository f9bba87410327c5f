import * as sign from './sign';
import * as signWithSigners from './signWithSigners';
import { type OperationFile, operationSelector } from '../shared';

export const operations: OperationFile[] = [sign, signWithSigners];

export const operation = operationSelector('identitySigning', operations, 'sign');
