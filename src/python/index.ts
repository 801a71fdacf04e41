/** Persistent Python workers for models that only exist as Python packages (CRIMSON, radgraph, RadEval, ...). */
export { PythonWorker, PythonError, PythonWorkerFailure } from './worker.js';
export type { CallOptions } from './worker.js';
export { PythonService, isMissingPython, MISSING_PACKAGE_ERRORS } from './service.js';
export type { PythonServiceOptions } from './service.js';
export { commandOf, interpreterOf, pythonDir } from './launch.js';
export type { PythonLaunch } from './launch.js';
