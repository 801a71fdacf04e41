import { renderReport } from '../render/index.js';
import type { Perturbation } from './types.js';
import { chooseTarget, opRng } from './_shared.js';

/** Leaves one finding out of the report (an omission). */
export const dropFinding: Perturbation = (input) => {
  const i = chooseTarget(input, opRng(input, 'dropFinding'), () => true);
  if (i === undefined) return undefined;
  const f = input.findings[i]!;
  const findings = input.findings.filter((_, j) => j !== i);
  return {
    findings,
    text: renderReport(findings, { seed: input.seed }),
    edit: { op: 'dropFinding', finding: f.name, from: f.status, clinical: true },
  };
};
