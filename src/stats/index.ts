export { kendallTauB } from './kendall.js';
export { pearson, rankAverage, spearman } from './correlation.js';
export { numpyMean, numpySum } from './numpy.js';
export { majoritySign, pairwiseAccuracy, preferenceSign, signAgreement, type PairwiseAccuracy, type SignAgreement } from './agreement.js';
export { bootstrapCI, mulberry32, quantileSorted, type BootstrapInterval, type BootstrapOptions } from './bootstrap.js';
export { pairedRandomization, type RandomizationOptions, type RandomizationResult } from './randomization.js';
