/**
 * Building crimson:upstream prompts: by the user's installed CRIMSON package through the
 * Python worker (byte-identical to upstream), or from a user's plain-text file with named
 * placeholders (no template engine: `{{`, JSON and any other braces are sent as written).
 */
import { readFileSync } from 'node:fs';
import type { Context, Report } from '../../contract.js';
import type { PythonService } from '../../../python/service.js';

/** What the handler's `init` returns. */
export interface CrimsonPackageInfo {
  version: string | null;
  promptParts: string;
  generateScore: string | null;
  /** The one system message generate_score.py sends; null when none or several were found. */
  system: string | null;
  systemMessages: string[];
  signature: string;
  /** Hash of prompt_parts.py and generate_score.py: part of the metric version (cache key). */
  fingerprint: string;
}

export interface PromptItem {
  reference: string | string[];
  candidate: string | string[];
  context: Context | null;
  guidelines: boolean;
}

/** A report as upstream takes it: a string or a list of finding strings; anything else is refused. */
export function upstreamReport(r: Report): string | string[] | undefined {
  if (typeof r === 'string') return r;
  if (Array.isArray(r) && r.every((x) => typeof x === 'string')) return r as string[];
  return undefined;
}

/** Prompts from the package (one worker call per batch). */
export function packagePrompts(service: PythonService<CrimsonPackageInfo>, items: PromptItem[], signal?: AbortSignal): Promise<string[]> {
  return service.call<string[]>('build_prompts', { items }, { timeoutMs: 60_000, ...(signal ? { signal } : {}) });
}

const PLACEHOLDER = /\{(reference|candidate|context)\}/g;

/** A plain-text template: `{reference}`, `{candidate}`, `{context}` replaced, nothing else touched. */
export function plainTemplate(file: string): { source: string; render(item: PromptItem): string } {
  const source = readFileSync(file, 'utf8');
  const text = (x: string | string[]) => (Array.isArray(x) ? x.join(' ') : x);
  return {
    source,
    render: (item) =>
      source.replace(PLACEHOLDER, (_m, name: string) => {
        if (name === 'reference') return text(item.reference);
        if (name === 'candidate') return text(item.candidate);
        return item.context ? Object.entries(item.context).map(([k, v]) => `${k}: ${v}`).join('\n') : '';
      }),
  };
}
