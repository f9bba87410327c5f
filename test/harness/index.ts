/**
 * What test files import from the harness. This module only re-exports: the harness modules import each other
 * directly (credentials-helper <- action <- suite), never through here, so their imports run one way.
 */
export { Harness, NODE_NAME } from './action';
export type { InputFile, InputItem, RunOptions, RunResult } from './action';
export { CREDENTIAL_TYPE, TestCredentialsHelper, emulatorCredentials } from './credentials-helper';
export { emulatorSuite } from './suite';
export type { EmulatorSuite, EmulatorSuiteOptions, GrantType, RunExtras, Runner } from './suite';
export { actionDescription, actionOperations } from './operations';
export type { Operation } from './operations';
export { UNKNOWN_GUID, byId, fromAI } from './values';
