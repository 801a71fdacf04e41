/** `crimson:lexicon`, the offline approximation of CRIMSON: see ./lexicon/index.ts. */
export { crimsonLexiconProvider, judgeByLexicon, describeFinding, CrimsonLexiconOptionsSchema, type LexiconJudgement } from './lexicon/index.js';
