import * as configure from './configure';
import { operationSelector } from '../shared';

export const operations = [configure];

export const operation = operationSelector('smsProvider', operations, 'configure');
