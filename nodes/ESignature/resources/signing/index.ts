export * as sign from './sign';
export * as signByTemplate from './signByTemplate';

export const defaultOperation = 'sign';
