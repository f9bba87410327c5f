export * as download from './download';
export * as downloadSigned from './downloadSigned';
export * as getCompleted from './getCompleted';
export * as getContent from './getContent';

export const defaultOperation = 'download';
