import { bleuProvider } from './bleu/index.js';
import { crimsonLexiconProvider, crimsonProvider } from './crimson/index.js';
import type { MetricProvider } from './provider.js';
import { rougeLProvider } from './rouge-l/index.js';
import { sScoreProviders } from './s-score/index.js';

/** Every built-in metric family, by id. New metrics add one line here. */
export const builtinProviders: MetricProvider[] = [bleuProvider, rougeLProvider, crimsonProvider, crimsonLexiconProvider, ...sScoreProviders];
