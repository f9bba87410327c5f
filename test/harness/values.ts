/**
 * Values many test files use: an ID the emulator never has, a resource locator by ID as the editor saves it, and a
 * parameter an AI Agent fills in.
 * No imports: the e2e suites use them too.
 */

/** A well-formed ID no account of the emulator holds: the service answers it as not found. */
export const UNKNOWN_GUID = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';

/** A resource locator (the Webhook picker) set to this ID, as the editor saves it. */
export const byId = (value: string) => ({ __rl: true, mode: 'id', value });

/** A parameter an AI Agent fills in when it calls the node as a tool. */
export const fromAI = (key: string) => `={{ $fromAI('${key}', '', 'string') }}`;
