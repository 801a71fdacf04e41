export { commandConfig, createCommandMetric, pythonHelperDir, resolveCommand, type CommandMetricSettings, type CommandSpec } from './metric.js';
export { CommandWorker, WorkerFailure, type WorkerCommand } from './worker.js';
export { PROTOCOL_VERSION, decode, encode, type HostMessage, type WorkerMessage } from './protocol.js';
