/** `crimson:upstream`: the CRIMSON judge exactly as upstream's code calls it. */
export { crimsonUpstreamProvider, createCrimsonUpstream, requestParameters } from './metric.js';
export { CrimsonUpstreamOptionsSchema, UPSTREAM_FINE_TUNED, apiOf, guidelinesOf, isFineTunedJudge } from './options.js';
export type { CrimsonUpstreamOptions } from './options.js';
export { parseUpstreamReply } from './parse.js';
export { pyJsonLoads, PyJsonError } from './pyjson.js';
export { readAsUpstream, PyException } from './evaluation.js';
export { plainTemplate } from './prompt.js';
export type { CrimsonPackageInfo } from './prompt.js';
