/**
 * Kinds of one core pleural finding (METRICS §1.5). Air under tension is a pneumothorax graded
 * "tension" (§1.5's severity "simple vs tension"); air with fluid or blood (a hydro- or
 * haemopneumothorax) is a pneumothorax and a collection described as complex; blood or pus in the
 * pleural space (a haemothorax, an empyema) is an effusion described as complex ("simple vs
 * complex"). Two reports naming the core finding and a kind of it, or two kinds of it, name one
 * finding with a severity or descriptor error, never a miss plus a false finding.
 */
import type { Finding } from '../../../clinical/model.js';

/** What a kind adds to each of its cores, and the attribute that names it. */
interface Kind {
  /** Core finding -> what the kind states beyond it. */
  beyond: Readonly<Record<string, string>>;
  attribute: 'severity' | 'descriptor';
}

const KINDS: Readonly<Record<string, Kind>> = {
  'tension pneumothorax': { beyond: { pneumothorax: 'under tension' }, attribute: 'severity' },
  hydropneumothorax: { beyond: { pneumothorax: 'with pleural fluid', 'pleural effusion': 'with pleural air' }, attribute: 'descriptor' },
  hemothorax: { beyond: { 'pleural effusion': 'blood' }, attribute: 'descriptor' },
  empyema: { beyond: { 'pleural effusion': 'infected' }, attribute: 'descriptor' },
};

const coresOf = (name: string): readonly string[] => (KINDS[name] ? Object.keys(KINDS[name].beyond) : [name]);
const shared = (a: string, b: string): string | undefined => coresOf(a).find((c) => coresOf(b).includes(c));

/** Two different names of one core pleural finding (a pneumothorax and a tension pneumothorax). */
export function sameCore(a: string, b: string): boolean {
  return a !== b && (!!KINDS[a] || !!KINDS[b]) && shared(a, b) !== undefined;
}

/** `part` is one of what the kind `whole` is made of (the effusion of a hydropneumothorax, the air of a tension pneumothorax). */
export function partOf(part: string, whole: string): boolean {
  return !!KINDS[whole]?.beyond[part];
}

/** What one name of a finding states that the other does not. */
export interface KindDifference {
  attribute: 'severity' | 'descriptor';
  /** What each side states beyond the other, worded. */
  explanation: string;
}

/**
 * What `a` (the reference's name) and `b` (the candidate's), names of one core finding, differ in:
 * one entry per attribute (a haemothorax for an empyema is one descriptor error). `withA` / `withB`
 * are the names each report gives this finding elsewhere: a report naming both parts of a kind (a
 * pneumothorax and an effusion beside a hydropneumothorax) states it whole.
 */
export function kindDifferences(a: string, b: string, withA: readonly string[] = [], withB: readonly string[] = []): KindDifference[] {
  const core = shared(a, b);
  if (core === undefined) return [];
  const parts = new Map<KindDifference['attribute'], string[]>();
  for (const [name, other, others, where] of [[a, b, withB, 'reference'], [b, a, withA, 'candidate']] as const) {
    const kind = KINDS[name];
    if (!kind || name === other) continue;
    const cores = Object.keys(kind.beyond);
    if (cores.length > 1 && cores.every((c) => c === other || others.includes(c))) continue;
    parts.set(kind.attribute, [...(parts.get(kind.attribute) ?? []), `${kind.beyond[core]} in the ${where} only`]);
  }
  return [...parts].map(([attribute, said]) => ({ attribute, explanation: `${a} in the reference, ${b} in the candidate: ${said.join(', ')}` }));
}

/**
 * A kind named without a side beside its core finding in one report ("left pneumothorax under
 * tension", "large right pneumothorax with features of tension"): one finding, the kind, with the
 * side, grade and place of the core. A kind less certain than its core ("pneumothorax, possibly
 * under tension") stays apart: the air is stated, the tension only possible.
 */
export function foldKinds(findings: Finding[]): Finding[] {
  const absorbed = new Set<Finding>();
  const out = findings.map((k) => {
    if (!KINDS[k.name] || k.laterality) return k;
    const cores = findings.filter((c) => !absorbed.has(c) && partOf(c.name, k.name) && (c.probability ?? 3) <= (k.probability ?? 3));
    const core = cores.find((c) => c.sentence === k.sentence) ?? (cores.length === 1 ? cores[0] : undefined);
    if (!core) return k;
    absorbed.add(core);
    // the core's words and attributes, the kind's name and certainty, the signs of both
    const evidence = [...new Set([...(core.evidence ?? []), ...(k.evidence ?? [])])];
    return { ...k, ...stated(core), ...stated({ name: k.name, status: k.status, probability: k.probability } as Finding), ...(evidence.length ? { evidence } : {}) };
  });
  return out.filter((f) => !absorbed.has(f));
}

/** The fields `f` states. */
const stated = (f: Finding): Partial<Finding> => Object.fromEntries(Object.entries(f).filter(([, v]) => v !== undefined));
