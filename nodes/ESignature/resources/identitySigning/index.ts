import * as sign from './sign';
import * as signWithSigners from './signWithSigners';

export const operations = [sign, signWithSigners];

export const defaultOperation = 'sign';
