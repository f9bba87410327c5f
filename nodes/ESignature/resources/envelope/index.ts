export * as addFiles from './addFiles';
export * as cancel from './cancel';
export * as create from './create';
export * as createAndInvite from './createAndInvite';
export * as createBulk from './createBulk';
export * as createFromBase64 from './createFromBase64';
export * as createFromTemplate from './createFromTemplate';
export * as extendInvitations from './extendInvitations';
export * as getStatus from './getStatus';

export const defaultOperation = 'create';
