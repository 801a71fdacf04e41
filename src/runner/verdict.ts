/** A result's verdict (DESIGN §6). A leaf module: results, baselines and reporters all read it. */
export type Verdict = 'pass' | 'fail' | 'error' | 'skip' | 'inconclusive';
