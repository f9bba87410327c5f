import * as sign from './sign';
import * as signByTemplate from './signByTemplate';

export const operations = [sign, signByTemplate];

export const defaultOperation = 'sign';
