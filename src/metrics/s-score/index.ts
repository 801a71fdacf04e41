/**
 * S-Score (seed 001, §3.2, eqs. 1-11): structured-report schema and tolerant parsing, name
 * normalization, the formulas, the readings and the metric variants. See README.md here.
 */
export { sScore, sScoreCorpus, SScoreParseError, canonicalize, type SScoreInput, type SScoreDetails, type SScoreCorpus } from './score.js';
export { f1, pScore, sProb, sLevel, sLoc, detailScores, scorePair, type SScoreResult, type DiseaseBreakdown, type DetailScores, type CanonicalReport } from './formulas.js';
export { SScoreOptionsSchema, LITERAL, ROBUST, PRESETS, resolveReadings, rangeOf, type SScoreOptions, type Readings, type Preset } from './options.js';
export { parseStructuredReport, type ParseResult } from './parse.js';
export { StructuredReportSchema, type StructuredReport, type PositiveFinding, type NegativeFinding, type Probability } from './report.js';
export { structureReport, structureFindings } from './structure.js';
export { sScoreProvider, sScoreRobustProvider, sScoreTextProvider, sScoreProviders, describeReadings } from './variants.js';
