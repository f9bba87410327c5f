import * as sign from './sign';
import * as signWithSigners from './signWithSigners';
import { operationSelector } from '../shared';

export const operations = [sign, signWithSigners];

export const operation = operationSelector('identitySigning', operations, 'sign');
