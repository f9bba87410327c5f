/**
 * A parsed JSON answer (of n8n's APIs, the emulator, a callback) that a test reads field by field and asserts on: what
 * JSON.parse returns, named once instead of an `any` at each use.
 */
export type ParsedJson = ReturnType<typeof JSON.parse>;
