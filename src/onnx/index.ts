export { loadOrt, createSession, supportedBackends, providerOrder, OnnxRuntimeUnavailableError } from './runtime.js';
export type { CreatedSession, ExecutionProviderChoice, ExecutionProviderName, OrtModule, SessionOptions } from './runtime.js';
export { toInt64, fromInt64 } from './int64.js';
