/**
 * The extractor's compiled grammar: one token trie holding every lexicon phrase with its
 * meanings, plus the lookup tables the passes need. Built once, on first use.
 */
import { getLoadedLexicon, type LoadedLexicon } from '../../lexicon/load.js';
import { makeSpeller } from '../../lexicon/spelling.js';
import { britishVariant, splitVariants } from '../../lexicon/variants.js';
import type { Laterality, Severity, Temporal } from '../../model.js';
import { levelRange } from './levels.js';
import { buildMeasureRegex } from './measure.js';
import { phraseKey, tokenize } from './tokenize.js';
import { addPhrase, longestMatch, mergePayload, newNode, type TrieNode } from './trie.js';
import { F, type FindingInfo, type Payload } from './types.js';

export interface Grammar {
  root: TrieNode;
  info: ReadonlyMap<string, FindingInfo>;
  /** subject id -> predicate phrase key -> finding name. */
  apred: ReadonlyMap<string, ReadonlyMap<string, string>>;
  /** subject id -> findings a normal statement about it makes absent. */
  normalAbsent: ReadonlyMap<string, readonly string[]>;
  units: ReadonlyMap<string, number>;
  measure: RegExp;
  headers: { include: ReadonlySet<string>; skip: ReadonlySet<string> };
  sentenceAbbreviations: ReadonlySet<string>;
  /** Terms with a second sense read from the sentence (language/*.yaml `senses`). */
  senses: ReadonlyMap<string, { finding: string; when: readonly string[]; unless: readonly string[] }>;
  /** The lexicon word a misspelt token stands for (lexicon/spelling.ts), or undefined. */
  spell: (word: string) => string | undefined;
  /** One-word severity words (language `severity`): the grade a term that starts with one holds ("LARGE bulla"). */
  severityWords: ReadonlyMap<string, Severity>;
}

/** Adds each phrase's split-prefix variants (`sub cutaneous`) and its British -ise spelling where the trie has no phrase of that wording. */
function addSplitVariants(root: TrieNode, prefixes: readonly string[]): void {
  const phrases: [string[], Payload][] = [];
  const walk = (n: TrieNode, path: string[]): void => {
    if (n.val) phrases.push([path, n.val]);
    for (const [w, next] of n.next) walk(next, [...path, w]);
  };
  walk(root, []);
  for (const [toks, val] of phrases) {
    const british = britishVariant(toks);
    for (const v of [...splitVariants(toks, prefixes), ...(british ? [british] : [])]) {
      let node: TrieNode | undefined = root;
      for (const t of v) node = node?.next.get(t);
      if (!node?.val) addPhrase(root, v, val);
    }
  }
}

/** Every word of every phrase in the trie. */
function trieWords(root: TrieNode): Set<string> {
  const out = new Set<string>();
  const stack = [root];
  for (let n = stack.pop(); n; n = stack.pop()) {
    for (const [w, next] of n.next) {
      out.add(w);
      stack.push(next);
    }
  }
  return out;
}

function addAll(root: TrieNode, phrases: Iterable<string>, payload: Payload): void {
  for (const p of phrases) addPhrase(root, phraseKey(p).split(' '), payload);
}

function each<V extends string>(groups: Record<V, string[]>, fn: (value: V, phrases: string[]) => void): void {
  for (const [k, v] of Object.entries(groups) as [V, string[]][]) fn(k, v);
}

/** Abbreviations carry everything their expansion carries (`rll` -> right + lower lobe + lobe). */
function addAbbreviations(root: TrieNode, abbreviations: Record<string, string>): void {
  for (const [abbr, expansion] of Object.entries(abbreviations)) {
    const toks = tokenize(expansion);
    const merged: Payload = { flags: 0 };
    for (let i = 0; i < toks.length; ) {
      const m = longestMatch(root, toks, i);
      if (!m) throw new Error(`lexicon language: abbreviation "${abbr}" expands to "${expansion}", whose "${toks[i]!.t}" the lexicon does not know`);
      mergePayload(merged, m.val, abbr);
      i += m.len;
    }
    addPhrase(root, phraseKey(abbr).split(' '), merged);
  }
}

/** Compiles the grammar from a loaded lexicon. */
export function compileGrammar({ findings, language: L }: LoadedLexicon): Grammar {
  const root = newNode();
  const info = new Map<string, FindingInfo>();
  const apred = new Map<string, Map<string, string>>();
  for (const f of findings) {
    addAll(root, f.terms, { flags: F.FINDING, finding: f.name });
    addAll(root, f.removedTerms ?? [], { flags: F.FINDING | F.REMOVED, finding: f.name });
    for (const [subject, preds] of Object.entries(f.statedAs ?? {})) {
      let bySubject = apred.get(subject);
      if (!bySubject) apred.set(subject, (bySubject = new Map()));
      for (const p of preds) bySubject.set(phraseKey(p), f.name);
      addAll(root, preds, { flags: F.APRED });
    }
    info.set(f.name, {
      lateralized: f.lateralized,
      graded: f.graded,
      located: f.located,
      measured: f.measured,
      device: f.category === 'device',
      lodged: f.lodged ?? false,
      // a blunted costophrenic angle is a pleural sign, not a collection: a hedged cause named with it takes it (signOnly)
      pleural: f.category === 'pleura' && !f.signOnly,
      appropriate: new Set(f.appropriatePositions ?? []),
      signs: new Set(Object.keys(f.signs ?? {})),
      keeps: new Set(f.keeps ?? []),
      signOnly: f.signOnly ?? false,
      nonspecific: f.nonspecific ?? false,
      ...(f.atLocation ? { atLocation: new Map(Object.entries(f.atLocation)) } : {}),
      ...(f.carinaDistanceMm ? { carina: f.carinaDistanceMm } : {}),
      ...(f.tipLevels ? { levels: f.tipLevels.map(levelRange) } : {}),
    });
  }
  each<Laterality>(L.laterality, (lat, ps) => addAll(root, ps, { flags: F.LAT, lat }));
  each<string>(L.locations, (loc, ps) => addAll(root, ps, { flags: F.LOC, loc }));
  each<string>(L.devicePositions, (pos, ps) => addAll(root, ps, { flags: F.POS, pos }));
  each<Severity>(L.severity, (sev, ps) => addAll(root, ps, { flags: F.SEV, sev }));
  each<Temporal>(L.temporal, (temp, ps) => addAll(root, ps, { flags: F.TEMP, temp }));
  each<'appropriate' | 'malpositioned'>(L.placement, (place, ps) => addAll(root, ps, { flags: F.PLACE, place }));
  each<string>(L.statements.subjects, (subj, ps) => addAll(root, ps, { flags: F.SUBJ, subj }));
  for (const [p, v] of Object.entries(L.certainty.pre)) addAll(root, [p], { flags: F.HEDGEPRE, p: v });
  for (const [p, v] of Object.entries(L.certainty.post)) addAll(root, [p], { flags: F.HEDGEPOST, p: v });
  const N = L.negation;
  const G = L.grammar;
  const simple: [string[], number][] = [
    [L.links, F.LINK], [L.adjacency, F.ADJ], [L.nonFinding.pre, F.DROPPRE], [L.nonFinding.post, F.DROPPOST], [N.pre, F.NEGPRE], [N.post, F.NEGPOST], [N.pseudo, F.PSEUDO], [N.terminators, F.TERM],
    [L.statements.normalPredicates, F.NPRED], [L.statements.prenominalNormal, F.NPRED | F.PRENORM], [G.fillers, F.FILLER],
    [G.connectors, F.CONJ], [G.alternatives, F.ALT], [G.breakers, F.BREAK], [G.copulas, F.COPULA], [G.clauseBreaks, F.CLAUSE], [L.ignore, F.IGNORE],
  ];
  for (const [phrases, flags] of simple) addAll(root, phrases, { flags });
  addAbbreviations(root, L.abbreviations);
  addSplitVariants(root, L.splitPrefixes ?? []);
  const units = new Map(Object.entries(L.units));
  return {
    root,
    info,
    apred,
    normalAbsent: new Map(Object.entries(L.statements.normalAbsent)),
    units,
    measure: buildMeasureRegex([...units.keys()]),
    headers: { include: new Set(L.sections.include.map(phraseKey)), skip: new Set(L.sections.skip.map(phraseKey)) },
    sentenceAbbreviations: new Set(L.sentenceAbbreviations),
    senses: new Map(Object.entries(L.senses).map(([k, v]) => [phraseKey(k), { finding: v.finding, when: v.when.map(phraseKey), unless: v.unless.map(phraseKey) }])),
    spell: makeSpeller(trieWords(root), new Set(L.spellingKeep ?? [])),
    severityWords: new Map(Object.entries(L.severity).flatMap(([sev, ps]) => ps.filter((p) => !p.includes(' ')).map((p) => [p, sev as Severity] as const))),
  };
}

let cached: Grammar | undefined;

/** The packaged lexicon's grammar (compiled once, memoised). */
export function getGrammar(): Grammar {
  return (cached ??= compileGrammar(getLoadedLexicon()));
}
