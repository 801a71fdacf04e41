/** The reporter hooks; defined by the runner that calls them (imports flow one way: reporting -> runner). */
export type { Reporter, ReporterFactory, ReporterOptions, RunStartInfo } from '../runner/hooks.js';
