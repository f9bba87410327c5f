export * as sign from './sign';
export * as signWithSigners from './signWithSigners';

export const defaultOperation = 'sign';
