/**
 * CRIMSON (METRICS.md §1): the exact score from a judge's evaluation, the `crimson` LLM judge
 * and the `crimson:lexicon` offline approximation.
 */
export { computeCrimsonScore, SIGNIFICANCE_WEIGHTS, ATTRIBUTE_SEVERITY_WEIGHTS, UNKNOWN_LABEL_WEIGHT, ATTRIBUTE_ERROR_TYPES } from './score.js';
export type { CrimsonResult, CrimsonErrorCounts, CrimsonEvaluationInput, CrimsonFindingInput, CrimsonAttributeErrorInput, AttributeErrorType } from './score.js';
export { pyRound } from './round.js';
export { CrimsonEvaluationSchema, JudgeReplySchema, SIGNIFICANCE_LEVELS, ATTRIBUTE_SEVERITIES, evaluationWarnings } from './schema.js';
export type { CrimsonEvaluation, CrimsonFinding, CrimsonAttributeError, SignificanceLevel, AttributeSeverity, JudgeReply } from './schema.js';
export { crimsonProvider, createCrimsonJudge, scoreJudgeReply, CrimsonOptionsSchema, FINE_TUNED_MODEL } from './judge.js';
export type { CrimsonOptions } from './judge.js';
export { crimsonLexiconProvider, judgeByLexicon, describeFinding, CrimsonLexiconOptionsSchema } from './lexicon-judge.js';
export type { LexiconJudgement } from './lexicon-judge.js';
