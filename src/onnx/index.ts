export { loadOrt, importOrt, createSession, supportedBackends, providerOrder, OnnxRuntimeUnavailableError, ORT_INSTALL_HINT } from './runtime.js';
export type { CreatedSession, ExecutionProviderChoice, ExecutionProviderName, OrtModule, OrtSession, OrtTensor, SessionOptions } from './runtime.js';
export { toInt64, fromInt64 } from './int64.js';
export { cudaProviderLibrary, ortPackageDir } from './cuda.js';
