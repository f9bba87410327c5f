export * as create from './create';
export * as createMany from './createMany';
export * as del from './delete';
export * as get from './get';
export * as getAll from './getAll';
export * as getLogs from './getLogs';
export * as resend from './resend';
export * as update from './update';

export const defaultOperation = 'getAll';
