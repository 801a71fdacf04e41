import path from 'node:path';
import type { Context } from '../metrics/contract.js';
import { realOrUndefined } from './confine.js';
import { findContradiction, type IndexedRelation } from './consistency.js';
import type { Candidate, Case, ImageCase, Location, PreferenceCase, RankingCase, Rating, RatingCase, ScoreCase } from './model.js';
import { labelsOf, parseRelation, type Relation } from './relations.js';
import type { CaseInput, RatingsInput } from './schema.js';
import { todoOf } from './todo.js';

/** A problem found while building, at a path inside the case object. */
export interface BuildIssue {
  path: (string | number)[];
  message: string;
}

type CandidateInput = string | { text: unknown; context?: Context };

function candidatesOf(raw: Record<string, CandidateInput>, context: Context | undefined): Candidate[] {
  const out: Candidate[] = [];
  // no spread per candidate: this runs for every candidate of every case
  for (const label in raw) {
    const c = raw[label]!;
    const candidate: Candidate = typeof c === 'string' ? { label, text: c } : { label, text: c.text as Candidate['text'] };
    const merged = typeof c === 'string' ? context : context || c.context ? { ...context, ...c.context } : undefined;
    if (merged) candidate.context = merged;
    out.push(candidate);
  }
  return out;
}

/**
 * One relation object per (relation, index), shared by every case that writes it: cases are
 * read, never changed, and a copy per case cost 200 bytes and a hidden class each at 100,000 cases.
 */
const indexedCache = new Map<Relation, IndexedRelation[]>();
function indexed(r: Relation, index: number): IndexedRelation {
  let byIndex = indexedCache.get(r);
  if (!byIndex) indexedCache.set(r, (byIndex = []));
  return (byIndex[index] ??= Object.freeze({ ...r, index }) as IndexedRelation);
}

/** Parses `expect` items, checking labels and consistency; issues point at the item. */
function relationsOf(expect: string | string[], labels: Set<string>, issues: BuildIssue[]): IndexedRelation[] {
  const items = typeof expect === 'string' ? [expect] : expect;
  const at = (i: number) => (typeof expect === 'string' ? ['expect'] : ['expect', i]);
  const out: IndexedRelation[] = [];
  items.forEach((item, index) => {
    try {
      for (const r of parseRelation(item)) {
        const unknown = labelsOf(r).filter((l) => !labels.has(l));
        if (unknown.length > 0) {
          issues.push({ path: at(index), message: `unknown label "${unknown[0]}" in "${item}" (candidates: ${[...labels].join(', ')})` });
          continue;
        }
        out.push(indexed(r, index));
      }
    } catch (e) {
      issues.push({ path: at(index), message: (e as Error).message });
    }
  });
  const contradiction = findContradiction(out);
  if (contradiction) issues.push({ path: at(contradiction.index), message: contradiction.message });
  return out;
}

/** Turns a schema-valid case into the runner's model, or reports what is wrong with it. */
/**
 * An image `path`: relative to the case file, and inside the cases root (DESIGN §2), so a case
 * file cannot make a live report generator read (and send) any file on the machine.
 */
function imagePathIssue(rel: string, dir: string, root: string | undefined): string | undefined {
  if (path.isAbsolute(rel) || path.win32.isAbsolute(rel)) return `image path "${rel}" must be relative to the case file`;
  if (root === undefined) return undefined;
  const inside = path.relative(path.resolve(root), path.resolve(dir, rel));
  if (inside === '' || inside.startsWith('..') || path.isAbsolute(inside)) {
    return `image path "${rel}" leaves the cases root ${root}: images must stay inside it`;
  }
  // a symlink inside the root may point anywhere: what it resolves to must stay inside too
  const real = realOrUndefined(path.resolve(dir, rel));
  const realRoot = realOrUndefined(path.resolve(root));
  if (real !== undefined && realRoot !== undefined) {
    const through = path.relative(realRoot, real);
    if (through === '' || through.startsWith('..') || path.isAbsolute(through)) {
      return `image path "${rel}" is a link to ${real}, outside the cases root ${root}: images must stay inside it`;
    }
  }
  return undefined;
}

/** `root`: the cases root (the nearest `cases/` folder); image paths must stay inside it. */
export function buildCase(input: CaseInput, id: string, location: Location, root?: string): { case?: Case; issues: BuildIssue[] } {
  const issues: BuildIssue[] = [];
  const base = caseBase(input, id, location);
  let built: Case;
  switch (input.kind) {
    case 'ranking': {
      const candidates = candidatesOf(input.candidates as Record<string, CandidateInput>, input.context);
      const relations = relationsOf(input.expect, new Set(candidates.map((c) => c.label)), issues);
      built = withFields<RankingCase>(base, { kind: 'ranking', reference: input.reference, candidates, relations });
      break;
    }
    case 'score':
      built = withFields<ScoreCase>(base, { kind: 'score', reference: input.reference, candidate: input.candidate, expect: input.expect });
      break;
    case 'image': {
      const dir = path.dirname(location.file);
      const candidates: Candidate[] = Object.entries(input.images).map(([label, img]) => {
        const bad = img.path === undefined ? undefined : imagePathIssue(img.path, dir, root);
        if (bad) issues.push({ path: ['images', label, 'path'], message: bad });
        const context = input.context || img.context ? { ...input.context, ...img.context } : undefined;
        return {
          label,
          text: img.findings ?? '',
          ...(img.path ? { image: path.resolve(dir, img.path) } : {}),
          ...(context ? { context } : {}),
          ...(img.role ? { role: img.role } : {}),
          ...(img.ratings ? { ratings: ratingsOf(img.ratings, ['images', label, 'ratings'], issues) } : {}),
        };
      });
      const relations = relationsOf(input.expect, new Set(candidates.map((c) => c.label)), issues);
      built = withFields<ImageCase>(base, { kind: 'image', prompt: input.prompt, candidates, relations });
      break;
    }
    case 'preference': {
      const candidates = candidatesOf(input.candidates as Record<string, CandidateInput>, input.context);
      const labels = new Set(candidates.map((c) => c.label));
      input.ratings.forEach((r, i) => {
        for (const l of Object.keys(r.scores)) {
          if (!labels.has(l)) issues.push({ path: ['ratings', i, 'scores', l], message: `unknown label "${l}" in ratings of ${r.rater}` });
        }
      });
      built = withFields<PreferenceCase>(base, { kind: 'preference', reference: input.reference, candidates, ratings: input.ratings });
      break;
    }
    case 'rating': {
      const ratings = ratingsOf(input.ratings, ['ratings'], issues);
      if (ratings.length === 0) issues.push({ path: ['ratings'], message: 'a rating case needs at least one rating' });
      const [candidate] = candidatesOf({ candidate: input.candidate as CandidateInput }, input.context);
      built = withFields<RatingCase>(base, { kind: 'rating', reference: input.reference, candidates: [{ ...candidate!, ratings }], ratings });
      break;
    }
  }
  if (issues.length > 0) return { issues };
  const todo = todoOf(input.todo, built);
  if (todo !== undefined) built.todo = todo;
  return { case: built, issues };
}

/** `{ r1: 2 }` or `[{ rater: r1, score: 2 }]` as a list; a rater named twice is an issue. */
function ratingsOf(input: RatingsInput, at: (string | number)[], issues: BuildIssue[]): Rating[] {
  const list = Array.isArray(input) ? input : Object.entries(input).map(([rater, score]) => ({ rater, score }));
  const seen = new Set<string>();
  list.forEach((r, i) => {
    if (!Number.isFinite(r.score)) issues.push({ path: [...at, Array.isArray(input) ? i : r.rater], message: `rating of ${r.rater} is not a finite number` });
    if (seen.has(r.rater)) issues.push({ path: [...at, i], message: `rater "${r.rater}" is listed twice` });
    seen.add(r.rater);
  });
  return list.map((r) => ({ rater: r.rater, score: r.score }));
}

const OPTIONAL = ['title', 'capability', 'rationale', 'provenance', 'metrics', 'tolerance', 'context'] as const;
type Base = Record<string, unknown>;

/**
 * The fields every kind shares, set one by one (not spread): objects built by spreading got a
 * hidden class of their own each, 600 bytes per case at 100,000 cases; these share theirs.
 */
function caseBase(input: CaseInput, id: string, location: Location): Base {
  const base: Base = { id, tags: input.tags ?? [], location };
  for (const k of OPTIONAL) if (input[k] !== undefined) base[k] = input[k];
  return base;
}

/** The case: the shared fields, then the kind's own (`fields` is typed by the kind's model). */
function withFields<T extends Case>(base: Base, fields: Omit<T, 'id' | 'tags' | 'location' | (typeof OPTIONAL)[number]>): T {
  for (const [k, v] of Object.entries(fields)) base[k] = v;
  return base as unknown as T;
}
