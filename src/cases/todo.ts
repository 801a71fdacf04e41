import type { Report } from '../metrics/contract.js';
import type { Case } from './model.js';

const TODO = /\bTODO\b/;

/** Whether a report (text, or a structured report's values) still holds a `TODO` placeholder. */
function holdsTodo(r: Report): boolean {
  const text = typeof r === 'string' ? r : JSON.stringify(r);
  return text.includes('TODO') && TODO.test(text);
}

/** The scored fields of a case that still hold `metric-suite new case`'s TODO placeholders. */
function placeholders(c: Case): string[] {
  const out: string[] = [];
  const check = (r: Report | undefined, where: string) => r !== undefined && holdsTodo(r) && out.push(where);
  if (c.kind === 'score') {
    check(c.reference, 'reference');
    check(c.candidate, 'candidate');
    return out;
  }
  if (c.kind === 'image') check(c.prompt, 'prompt');
  else check(c.reference, 'reference');
  for (const x of c.candidates) {
    check(x.text, c.kind === 'image' ? `images.${x.label}.findings` : c.kind === 'rating' ? 'candidate' : `candidates.${x.label}`);
  }
  return out;
}

/**
 * Why a case is todo (vitest's `it.todo`): `todo: true` or `todo: "<why>"` in the file, or, with
 * no `todo:`, the scaffold's TODO placeholders left in what would be scored (its reference,
 * candidates, prompt or findings: a placeholder scored as a report gives a meaningless verdict).
 * `todo: false` scores the case as written. Undefined when the case is finished.
 */
export function todoOf(flag: boolean | string | undefined, c: Case): string | undefined {
  if (flag === false) return undefined;
  if (typeof flag === 'string') return flag;
  if (flag === true) return 'marked todo in its case file';
  const left = placeholders(c);
  if (left.length === 0) return undefined;
  return `scaffold placeholders left: TODO in ${left.join(', ')} (replace them; \`todo: false\` scores the case as written)`;
}
