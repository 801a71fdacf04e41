export { kendallTauB } from './kendall.js';
export { numpyMean, numpySum } from './numpy.js';
