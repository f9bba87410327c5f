import * as check from './check';
import { operationSelector } from '../shared';

export const operations = [check];

export const operation = operationSelector('commercialRegistration', operations, 'check');
