/** Baselines (`metric-suite baseline update`, `run --baseline`): see ./file.ts for the format, ./compare.ts for the gate. */
export { applyBaseline, type ComparedRun } from './compare.js';
export { DEFAULT_BASELINE_FILE, baselineFromReport, parseBaseline, readBaseline, serializeBaseline, writeBaseline } from './file.js';
export type { Baseline, BaselineChange, BaselineComparison, BaselineEntry, BaselineMetric } from './types.js';
