import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, type Node } from 'yaml';
import { nodeFor, positionOf } from '../positions.js';
import { fieldIssues } from './fields.js';
import { ageOver89, findPhi, isAgeKey, NOT_TEXT_KEYS } from './phi.js';
import type { LintFinding } from './types.js';
import { offsetIn, scalars } from './walk.js';

export { isPhi, type LintFinding } from './types.js';
export { findPhi, ageOver89 } from './phi.js';

/**
 * Lints one case file's text: protected health information in any case text or context
 * (provenance and ids excepted), and missing rationale or provenance. A file that does not
 * parse gives no findings (the loader reports it).
 */
export function lintCaseText(text: string): LintFinding[] {
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, uniqueKeys: false });
  if (doc.errors.length > 0) return [];
  const out: LintFinding[] = [];
  const at = (offset: number | Node | undefined) => positionOf(counter, offset);
  for (const { path, node } of scalars(doc.contents as Node | null)) {
    if (path.some((k) => typeof k === 'string' && NOT_TEXT_KEYS.has(k))) continue;
    const key = path.at(-1);
    const where = path.join('.');
    const age = isAgeKey(key) ? ageOver89(node.value) : undefined;
    if (age !== undefined) {
      out.push({ ...at(node), rule: 'phi/age', message: `possible PHI: age ${age} in ${where} (ages over 89 identify; write "90 or older" or use 89)` });
      continue;
    }
    if (typeof node.value !== 'string') continue;
    for (const m of findPhi(node.value)) {
      out.push({ ...at(offsetIn(text, node, m.index, m.text)), rule: m.rule, message: `possible PHI: ${m.what} "${m.text}" in ${where}` });
    }
  }
  for (const issue of fieldIssues(doc.toJS())) {
    out.push({ ...at(nodeFor(doc, issue.path, issue.key)), rule: issue.rule, message: issue.message });
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}

/** Lints a file on disk; an unreadable file gives no findings (the loader reports it). */
export function lintCaseFile(file: string): LintFinding[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  return lintCaseText(text);
}
