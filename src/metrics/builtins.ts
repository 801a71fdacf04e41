import { bleuProvider } from './bleu/index.js';
import type { MetricProvider } from './provider.js';
import { rougeLProvider } from './rouge-l/index.js';

/** Every built-in metric family, by id. New metrics add one line here. */
export const builtinProviders: MetricProvider[] = [bleuProvider, rougeLProvider];
