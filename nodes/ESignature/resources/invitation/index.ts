export * as extend from './extend';
export * as getSigningLinks from './getSigningLinks';
export * as send from './send';
export * as sendBulk from './sendBulk';
export * as sendBulkReminders from './sendBulkReminders';
export * as sendForEnvelope from './sendForEnvelope';
export * as sendReminder from './sendReminder';
export * as sendWithLinks from './sendWithLinks';

export const defaultOperation = 'send';
