import * as sign from './sign';
import * as signByTemplate from './signByTemplate';
import { operationSelector } from '../shared';

export const operations = [sign, signByTemplate];

export const operation = operationSelector('signing', operations, 'sign');
