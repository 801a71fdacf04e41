/** RadEval's metrics through its public API in a persistent Python worker (`{ radeval: <metric> }`). */
export { radevalProviders } from './provider.js';
export { RADEVAL_METRICS } from './table.js';
export type { RadEvalMetric } from './table.js';
