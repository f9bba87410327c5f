export * as configure from './configure';

export const defaultOperation = 'configure';
