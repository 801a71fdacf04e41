/**
 * metric-suite's public API (DESIGN §8). Everything a config file, a metric module or an
 * embedding program needs is exported from here.
 */
export { defineConfig } from './config/schema.js';
export type { Config, ConfigInput } from './config/schema.js';
export { defineMetric, MetricDeclarationSchema } from './metrics/define.js';
export type { Context, InputKind, Metric, MetricDeclaration, Report, ScoreContext, ScoreOutcome, ScoreRequest } from './metrics/contract.js';
export type { MetricProvider, MetricEnvironment } from './metrics/provider.js';
export { MetricUnavailableError } from './metrics/provider.js';
export { runSuites } from './runner/run.js';
export type { RunOptions } from './runner/run.js';
export type { CaseResult, ExpectationResult, GateResult, LawResult, Problem, RunReport, Summary, Verdict } from './runner/results.js';
export { formatProblem } from './runner/results.js';
export type { Reporter, ReporterFactory, ReporterOptions, RunStartInfo } from './reporting/reporter.js';
export { parseRelation } from './cases/relations.js';
export type { Relation } from './cases/relations.js';
export { CaseSchema, CaseFileSchema } from './cases/schema.js';
export type { Case } from './cases/model.js';
export { sentenceBleu, tokenizeReport } from './metrics/bleu/index.js';
export { rougeL } from './metrics/rouge-l/index.js';
export { computeCrimsonScore } from './metrics/crimson/index.js';
export type { CrimsonResult, CrimsonErrorCounts, CrimsonEvaluation, CrimsonEvaluationInput, CrimsonOptions } from './metrics/crimson/index.js';
export { sScore } from './metrics/s-score/index.js';
export { sScoreCorpus, parseStructuredReport, SScoreParseError, StructuredReportSchema, SScoreOptionsSchema } from './metrics/s-score/index.js';
export type { SScoreDetails, SScoreCorpus, SScoreInput, SScoreOptions, SScoreResult, StructuredReport, ParseResult as SScoreParseResult } from './metrics/s-score/index.js';
export { radgraphF1 } from './metrics/radgraph/score.js';
export type { RadGraphF1Options, RadGraphF1Result, RadGraphVariant, RadGraphLevel } from './metrics/radgraph/score.js';
export type { EntityExtractor, RadGraphAnnotation, RadGraphEntity, RadGraphRelation } from './metrics/radgraph/extractors/types.js';
export { kendallTauB } from './stats/kendall.js';
export { pearson, rankAverage, spearman } from './stats/correlation.js';
export { correlate, type CorpusCorrelation, type CorrelationEstimate, type ImageCorrelation, type RaterCorrelation, type RatedUnit } from './runner/corpus-agreement.js';
export { ratedAgreement } from './runner/rated-agreement.js';
export { extractFindings } from './clinical/report/index.js';
export type { ExtractOptions, ReportFinding } from './clinical/report/index.js';
export { applyBaseline, baselineFromReport, parseBaseline, readBaseline, serializeBaseline } from './runner/baseline/index.js';
export type { Baseline, BaselineChange, BaselineComparison } from './runner/baseline/index.js';
export { parseShard, type Shard } from './runner/shard/index.js';
export { mergeReports } from './runner/shard/merge.js';
export { createBlobReporter, parseBlob, serializeBlob } from './runner/shard/blob.js';
export { majoritySign, pairwiseAccuracy, preferenceSign, signAgreement, type PairwiseAccuracy, type SignAgreement } from './stats/agreement.js';
export { bootstrapCI, mulberry32, quantileSorted, type BootstrapInterval, type BootstrapOptions } from './stats/bootstrap.js';
export { pairedRandomization, type RandomizationOptions, type RandomizationResult } from './stats/randomization.js';
export { suiteAgreement, checkAgreement, type AgreementResult, type AgreementCheck, type MinAgreement } from './runner/agreement.js';
