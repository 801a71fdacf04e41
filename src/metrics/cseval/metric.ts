/**
 * CSEval (seed 000, METRICS §6): a report generator turns each image into findings; the
 * findings (grounded phrases only, for grounded output) are scored against the prompt with
 * RadGraph-F1 (prompt = reference, findings = hypothesis). Value: the configured level
 * (default partial); details: all three levels, the scored text and what the generator said.
 */
import pLimit from 'p-limit';
import type { Metric, ScoreContext, ScoreOutcome, ScoreRequest } from '../contract.js';
import { defineMetric } from '../define.js';
import type { EntityExtractor, RadGraphAnnotation } from '../radgraph/extractors/types.js';
import { extractorRuntime } from '../radgraph/extractors/runtime.js';
import { radgraphF1 } from '../radgraph/score.js';
import { createGenerator, GeneratorError, type ReportGenerator } from './generators/index.js';
import { selectFindings } from './grounded.js';
import { casesDirOf, parseCsevalOptions, type CsevalOptions } from './options.js';
import { recordFindings, type RecordedEntry } from './record.js';

export interface CsevalMetric extends Metric {
  generator: ReportGenerator;
  /** What `record` wrote at close (for tests and logs). */
  recorded: RecordedEntry[];
}

const VERSION = '1';

/** Creates a cseval metric with the given entity extractor (the id says which: `cseval:lexicon`). */
export function createCsevalMetric(
  id: string,
  options: Record<string, unknown> | undefined,
  env: { root: string; record?: boolean },
  extractor: EntityExtractor,
  note = '',
): CsevalMetric {
  const o = { ...parseCsevalOptions(options, id) };
  if (env.record) o.record = true; // --record on the command line
  const generator = createGenerator(o.generator, process.env, env.root);
  const live = generator.live;
  const generated = new Map<string, Promise<string>>();
  const toRecord = new Map<string, string>();
  const limit = pLimit(o.concurrency);

  const generate = (r: ScoreRequest, signal: AbortSignal): Promise<string> => {
    const findings = typeof r.candidate === 'string' ? r.candidate : '';
    const input = { ...(r.image ? { image: r.image } : {}), ...(r.imageSha256 ? { imageSha256: r.imageSha256 } : {}), findings, ...(r.context ? { context: r.context } : {}) };
    if (!live) return generator.generate(input, signal);
    // One call per image content (and context) within a run: cases may share an image.
    const key = `${r.imageSha256 ?? r.image ?? ''}\u0000${JSON.stringify(r.context ?? {})}`;
    let p = generated.get(key);
    if (!p) {
      p = limit(() => generator.generate(input, signal));
      generated.set(key, p);
      p.catch(() => generated.delete(key));
    }
    return p;
  };

  const metric = defineMetric({
    id,
    version: `${VERSION}+${generator.id}`,
    description: `CSEval: RadGraph-F1 (${o.level}, ${extractor.id} extractor) between the prompt and the findings of a report generator (${generator.describe})${note}`,
    direction: 'higher',
    range: [0, 1],
    tieTolerance: 1e-9,
    deterministic: !live,
    inputs: ['image+prompt'],
    symmetric: false,
    batchSize: live ? 8 : 64,
    concurrency: live ? o.concurrency : 4,
    timeoutMs: live ? 600_000 : 60_000,
    ...(live ? { remote: true, cost: 1000 } : { cache: false }),
    score: (requests: ScoreRequest[], ctx: ScoreContext) => scoreAll(requests, ctx),
    close: async () => {
      await generator.close?.();
      if (o.record && toRecord.size > 0) {
        recordedOut.push(...(await recordFindings(casesDirOf(o, env.root), toRecord)));
        toRecord.clear();
      }
    },
  });
  const recordedOut: RecordedEntry[] = [];

  async function scoreAll(requests: ScoreRequest[], ctx: ScoreContext): Promise<ScoreOutcome[]> {
    const raws: ({ text: string } | { error: string })[] = await Promise.all(
      requests.map(async (r): Promise<{ text: string } | { error: string }> => {
        try {
          return { text: await generate(r, ctx.signal) };
        } catch (e) {
          return { error: `${id}: ${e instanceof GeneratorError ? e.message : `${generator.id} generator failed: ${(e as Error).message}`}` };
        }
      }),
    );
    const ok = requests.map((r, i) => ({ r, i, raw: raws[i]! })).filter((x): x is typeof x & { raw: { text: string } } => 'text' in x.raw);
    const selected = ok.map((x) => selectFindings(x.raw.text, { groundedOnly: o.groundedOnly }));
    const prompts = ok.map((x) => promptOf(x.r));
    let annotations: RadGraphAnnotation[] = [];
    try {
      if (ok.length > 0) annotations = await extractor.extract([...prompts, ...selected.map((s) => s.text)], ctx.signal);
    } catch (e) {
      if (ctx.signal.aborted) throw e;
      const msg = `${id}: entity extraction (${extractor.id}) failed: ${(e as Error).message}`;
      return raws.map((raw) => ('error' in raw ? { error: raw.error } : { error: msg }));
    }
    const out: ScoreOutcome[] = raws.map((raw) => ('error' in raw ? { error: raw.error } : { error: `${id}: not scored` }));
    ok.forEach((x, k) => {
      const s = selected[k]!;
      const ref = annotations[k] as RadGraphAnnotation;
      const hyp = annotations[ok.length + k] as RadGraphAnnotation;
      const levels = radgraphF1(hyp, ref, { variant: o.variant, hypText: s.text, refText: prompts[k]! });
      if (live && o.record && x.r.image) toRecord.set(x.r.image, x.raw.text);
      out[x.i] = { value: levels[o.level], details: { ...detailsOf(o, generator, levels, s, x.raw.text, x.r), ...runtimeOf(extractor) } };
    });
    return out;
  }

  return Object.assign(metric, { generator, recorded: recordedOut });
}

/** The extractor's id and what ran it (ONNX provider, radgraph device), so every report shows it. */
const runtimeOf = (e: EntityExtractor) => {
  const runtime = extractorRuntime(e);
  return { extractor: e.id, ...(runtime ? { runtime } : {}) };
};

const promptOf = (r: ScoreRequest): string => r.prompt ?? (typeof r.reference === 'string' ? r.reference : JSON.stringify(r.reference));

function detailsOf(
  o: CsevalOptions,
  generator: ReportGenerator,
  levels: { simple: number; partial: number; complete: number },
  s: ReturnType<typeof selectFindings>,
  raw: string,
  r: ScoreRequest,
): Record<string, unknown> {
  return {
    ...levels,
    level: o.level,
    generator: generator.id,
    findings: s.text,
    ...(s.grounded ? { grounded: { kept: s.kept, dropped: s.dropped, groundedOnly: o.groundedOnly } } : {}),
    ...(generator.live && raw !== r.candidate ? { generated: raw } : {}),
    ...(s.warnings.length ? { warnings: s.warnings } : {}),
  };
}
