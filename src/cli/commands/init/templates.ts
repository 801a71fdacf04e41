/**
 * The files `metric-suite init` writes: a config, a metric stub (TypeScript, or Python with the
 * stdlib helper), a suite of the project's own and one example case. The stub is a real metric
 * (token-overlap F1) so that the first `metric-suite test` prints real verdicts; replace its
 * score function with yours.
 */

/** TypeScript metric module (`metrics/<id>.ts`). */
export const tsMetric = (id: string) => `import { defineMetric, type Report } from 'metric-suite';

/** A report as text: free text as is, a structured report as its JSON. */
const text = (r: Report): string => (typeof r === 'string' ? r : JSON.stringify(r));
const tokens = (r: Report): string[] => text(r).toLowerCase().match(/[a-z0-9]+(?:\\.[0-9]+)?/g) ?? [];

/** Replace with your metric. This stub: token-overlap F1 between reference and candidate. */
export function score(reference: Report, candidate: Report): number {
  const ref = tokens(reference);
  const cand = tokens(candidate);
  if (ref.length === 0 && cand.length === 0) return 1;
  const left = new Map<string, number>();
  for (const t of ref) left.set(t, (left.get(t) ?? 0) + 1);
  let common = 0;
  for (const t of cand) {
    const n = left.get(t) ?? 0;
    if (n > 0) {
      common++;
      left.set(t, n - 1);
    }
  }
  if (common === 0) return 0;
  const precision = common / cand.length;
  const recall = common / ref.length;
  return (2 * precision * recall) / (precision + recall);
}

export default defineMetric({
  id: '${id}',
  version: '1', // cached scores are keyed by this file's content too: an edit gives fresh scores
  description: 'token-overlap F1 (a stub: replace score() with your metric)',
  direction: 'higher',
  range: [0, 1],
  tieTolerance: 1e-9,
  deterministic: true,
  inputs: ['text'],
  score: (requests) => requests.map((r) => ({ value: score(r.reference, r.candidate) })),
});
`;

/** Python metric worker (`metrics/<id>.py`), served by the stdlib helper shipped with the package. */
export const pyMetric = (id: string) => `"""${id}: a metric-suite command metric (stdlib only). Replace score() with your metric."""
import json
import re
from collections import Counter

from metric_suite import serve  # shipped with metric-suite and put on PYTHONPATH for this worker

DECLARATION = {
    "id": "${id}",
    "version": "1",  # cached scores are keyed by this file's content too: an edit gives fresh scores
    "description": "token-overlap F1 (a stub: replace score() with your metric)",
    "direction": "higher",
    "range": [0, 1],
    "tieTolerance": 1e-9,
    "deterministic": True,
    "inputs": ["text"],
}


def tokens(report):
    text = report if isinstance(report, str) else json.dumps(report)
    return re.findall(r"[a-z0-9]+(?:\\.[0-9]+)?", text.lower())


def score(reference, candidate):
    ref, cand = Counter(tokens(reference)), Counter(tokens(candidate))
    if not ref and not cand:
        return 1.0
    common = sum((ref & cand).values())
    if common == 0:
        return 0.0
    precision, recall = common / sum(cand.values()), common / sum(ref.values())
    return 2 * precision * recall / (precision + recall)


if __name__ == "__main__":
    serve(DECLARATION, score_one=lambda r: score(r["reference"], r["candidate"]))
`;

export const tsConfig = (id: string, module: string) => `import { defineConfig } from 'metric-suite';

export default defineConfig({
  metrics: {
    '${id}': { module: '${module}' },
  },
});
`;

export const yamlConfig = (id: string, script: string) => `# metric-suite config: your metric, run as a long-lived worker (newline-delimited JSON).
metrics:
  ${id}:
    command: [python3, ${script}]
    # cacheKeyFiles: [data/*.json]   # files your script reads: their content joins the cache key
`;

export const suite = (id: string) => `# Your own cases, gated. \`npx metric-suite\` runs every suite in suites/;
# \`npx metric-suite test ${id}\` runs the built-in clinical cases and laws instead.
name: ${id}
cases: [../cases/${id}/**/*.yaml]
metrics: [${id}]
gate:
  ${id}: { minPassRate: 1 }
`;

export const exampleCase = (id: string) => `# One ranking case: the candidates, and the order a clinician expects. Add your own beside it
# (\`npx metric-suite new case --kind ranking --capability laterality\` scaffolds one).
id: ${id}/effusion-side
kind: ranking
capability: laterality
title: A wrong-side effusion must score below the exact report
reference: Moderate left pleural effusion. No pneumothorax.
candidates:
  exact: Moderate left pleural effusion. No pneumothorax.
  wrong_side: Moderate right pleural effusion. No pneumothorax.
  missed: No pleural effusion. No pneumothorax.
expect:
  - exact > wrong_side
  - exact > missed
rationale: A wrong-side effusion can lead to a wrong-side thoracentesis; a missed one goes untreated.
provenance: { author: you, license: CC-BY-4.0 }
`;
