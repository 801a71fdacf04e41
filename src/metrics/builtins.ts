import { bleuProvider } from './bleu/index.js';
import { crimsonLexiconProvider, crimsonProvider } from './crimson/index.js';
import { crimsonUpstreamProvider } from './crimson/upstream/index.js';
import { csevalProviders } from './cseval/index.js';
import type { MetricProvider } from './provider.js';
import { radevalProviders } from './radeval/index.js';
import { radgraphProviders } from './radgraph/index.js';
import { rougeLProvider } from './rouge-l/index.js';
import { sScoreProviders } from './s-score/index.js';

/** Every built-in metric family, by id. New metrics add one line here. */
export const builtinProviders: MetricProvider[] = [bleuProvider, rougeLProvider, crimsonProvider, crimsonLexiconProvider, crimsonUpstreamProvider, ...sScoreProviders, ...radgraphProviders, ...csevalProviders, ...radevalProviders];
