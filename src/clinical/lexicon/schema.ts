/**
 * Zod schemas for the two lexicon data files (findings/*.yaml, language/*.yaml, joined per folder by sources.ts). They check the
 * shape of each file and the rules a contributor can break without noticing: canonical ids
 * only, every canonical finding/location/tip position present, lowercase phrases, a term
 * owned by one finding, valid regular expressions in context rules.
 */
import { z } from 'zod';
import { DEVICE_POSITIONS, FINDING_NAMES, LOCATIONS } from '../vocabulary.js';

const SIGNIFICANCE = z.enum(['urgent', 'actionable_not_urgent', 'not_actionable_not_urgent', 'benign_expected']);
const CATEGORY = z.enum(['pleura', 'lung', 'airway', 'cardiac', 'vascular', 'mediastinum', 'bone', 'soft tissue', 'abdomen', 'device', 'postsurgical']);
const FINDING_NAME = z.enum(FINDING_NAMES);

/** A phrase as the matcher reads it: lowercase, trimmed, single-spaced. */
const phrase = z
  .string()
  .min(1)
  .refine((s) => s === s.toLowerCase(), { message: 'must be lowercase' })
  .refine((s) => s === s.trim() && !/\s{2}/.test(s), { message: 'must be trimmed and single-spaced' });
const phrases = z.array(phrase).min(1);

function isRegex(source: string): boolean {
  try {
    new RegExp(source, 'i');
    return true;
  } catch {
    return false;
  }
}

const ContextRule = z
  .object({
    when: z
      .object({
        minAge: z.number().int().min(0).max(130).optional(),
        maxAge: z.number().int().min(0).max(130).optional(),
        sex: z.enum(['M', 'F']).optional(),
        indicationMatches: z.string().min(1).refine(isRegex, { message: 'must be a valid regular expression' }).optional(),
      })
      .strict()
      .refine((w) => Object.keys(w).length > 0, { message: 'needs at least one condition' })
      .refine((w) => w.minAge === undefined || w.maxAge === undefined || w.minAge <= w.maxAge, { message: 'minAge must not exceed maxAge' }),
    significance: SIGNIFICANCE,
    because: z.string().min(1),
  })
  .strict();

const SEVERITY = z.enum(['mild', 'moderate', 'severe']);

/** A significance set by the finding's own attributes (size words, severity, a stated tip distance). */
const AttributeRule = z
  .object({
    when: z
      .object({
        /** The severity word as written (`trace`, `small`...). */
        words: z.array(phrase).min(1).optional(),
        severity: z.array(SEVERITY).min(1).optional(),
        /** true: no severity or size stated at all ("cardiomegaly" alone). */
        unqualified: z.boolean().optional(),
        /** true: the finding is hedged (status uncertain). */
        uncertain: z.boolean().optional(),
        minMm: z.number().min(0).optional(),
        maxMm: z.number().min(0).optional(),
      })
      .strict()
      .refine((w) => Object.keys(w).length > 0, { message: 'needs at least one condition' }),
    significance: SIGNIFICANCE,
    because: z.string().min(1),
  })
  .strict();

const FindingEntry = z
  .object({
    name: FINDING_NAME,
    category: CATEGORY,
    significance: SIGNIFICANCE,
    terms: phrases,
    lateralized: z.boolean(),
    graded: z.boolean(),
    located: z.boolean(),
    measured: z.boolean(),
    appropriatePositions: z.array(z.enum(DEVICE_POSITIONS)).min(1).optional(),
    statedAs: z.record(phrase, phrases).optional(),
    removedTerms: phrases.optional(),
    contextRules: z.array(ContextRule).min(1).optional(),
    signs: z.partialRecord(FINDING_NAME, z.enum(['negligible', 'significant'])).optional(),
    keeps: z.array(FINDING_NAME).min(1).optional(),
    signOnly: z.boolean().optional(),
    lodged: z.boolean().optional(),
    nonspecific: z.boolean().optional(),
    atLocation: z.partialRecord(z.enum(LOCATIONS), FINDING_NAME).optional(),
    carinaDistanceMm: z.object({ min: z.number().min(0), max: z.number().min(0) }).strict().optional(),
    tipLevels: z.array(z.string().regex(/^[CTL]\d{1,2}(?:-[CTL]\d{1,2})?$/, 'a vertebral level or range, e.g. T8-T9')).min(1).optional(),
    attributeRules: z.array(AttributeRule).min(1).optional(),
  })
  .strict()
  .refine((f) => f.terms[0] === f.name, { message: 'the first term must be the canonical name (preferred wording)' })
  .refine((f) => !f.appropriatePositions || f.category === 'device', { message: 'appropriatePositions is for devices only' })
  .refine((f) => !f.tipLevels || f.category === 'device', { message: 'tipLevels is for devices only' })
  .refine((f) => !f.lodged || f.category !== 'device', { message: 'lodged is for objects that are not devices (a device has a tip already)' })
  .refine((f) => (f.keeps ?? []).every((k) => k in (f.signs ?? {})), { message: 'keeps names signs of the finding: each must be in its signs' });

/** findings/*.yaml */
export const FindingsFile = z
  .object({ findings: z.array(FindingEntry) })
  .strict()
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    const owner = new Map<string, string>();
    file.findings.forEach((f, i) => {
      if (seen.has(f.name)) ctx.addIssue({ code: 'custom', path: ['findings', i, 'name'], message: `duplicate finding "${f.name}"` });
      seen.add(f.name);
      for (const t of [...f.terms, ...(f.removedTerms ?? [])]) {
        const key = t.replace(/[-'’]/g, ' ').replace(/\s+/g, ' ');
        const prev = owner.get(key);
        if (prev !== undefined && prev !== f.name) {
          ctx.addIssue({ code: 'custom', path: ['findings', i, 'terms'], message: `term "${t}" already belongs to "${prev}"` });
        }
        owner.set(key, f.name);
      }
    });
    for (const name of FINDING_NAMES) {
      if (!seen.has(name)) ctx.addIssue({ code: 'custom', path: ['findings'], message: `missing finding "${name}" (vocabulary.ts FINDING_NAMES)` });
    }
  });

const PROBABILITY = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/** language/*.yaml */
export const LanguageFile = z
  .object({
    laterality: z.object({ left: phrases, right: phrases, bilateral: phrases }).strict(),
    locations: z.record(z.enum(LOCATIONS), phrases),
    devicePositions: z.record(z.enum(DEVICE_POSITIONS), phrases),
    abbreviations: z.record(phrase, phrase),
    severity: z.object({ mild: phrases, moderate: phrases, severe: phrases }).strict(),
    certainty: z.object({ pre: z.record(phrase, PROBABILITY), post: z.record(phrase, PROBABILITY) }).strict(),
    links: phrases,
    adjacency: phrases,
    nonFinding: z.object({ pre: phrases, post: phrases }).strict(),
    senses: z.record(phrase, z.object({ finding: FINDING_NAME, when: phrases, unless: phrases }).strict()),
    negation: z.object({ pre: phrases, post: phrases, pseudo: phrases, terminators: phrases }).strict(),
    temporal: z
      .object({ new: phrases, increased: phrases, decreased: phrases, unchanged: phrases, improved: phrases, resolved: phrases, worsened: phrases })
      .strict(),
    placement: z.object({ appropriate: phrases, malpositioned: phrases }).strict(),
    statements: z
      .object({
        subjects: z.record(phrase, phrases),
        normalPredicates: phrases,
        prenominalNormal: phrases,
        normalAbsent: z.record(phrase, z.array(FINDING_NAME).min(1)),
      })
      .strict(),
    grammar: z
      .object({ fillers: phrases, connectors: phrases, alternatives: phrases, breakers: phrases, copulas: phrases, clauseBreaks: phrases })
      .strict(),
    ignore: phrases,
    sections: z.object({ include: phrases, skip: phrases }).strict(),
    units: z.record(phrase, z.number().positive()),
    sentenceAbbreviations: phrases,
    /** Real words one slip away from a lexicon word, never read as that word (spelling.ts). */
    spellingKeep: phrases.optional(),
    /** Prefixes a closed compound is also written split at (`sub cutaneous`): lexicon/variants.ts. */
    splitPrefixes: phrases.optional(),
  })
  .strict()
  .superRefine((lang, ctx) => {
    const certain = new Set([...Object.keys(lang.certainty.pre), ...Object.keys(lang.certainty.post)]);
    for (const l of lang.links) {
      if (!certain.has(l)) ctx.addIssue({ code: 'custom', path: ['links'], message: `link "${l}" is not a certainty cue` });
    }
    const subjects = new Set(Object.keys(lang.statements.subjects));
    for (const s of Object.keys(lang.statements.normalAbsent)) {
      if (!subjects.has(s)) ctx.addIssue({ code: 'custom', path: ['statements', 'normalAbsent', s], message: `unknown subject "${s}"` });
    }
    const byWord = new Map<string, string>();
    for (const [level, words] of Object.entries(lang.severity)) {
      for (const w of words) {
        if (byWord.has(w) && byWord.get(w) !== level) ctx.addIssue({ code: 'custom', path: ['severity', level], message: `"${w}" is both ${byWord.get(w)} and ${level}` });
        byWord.set(w, level);
      }
    }
  });

export type FindingsData = z.infer<typeof FindingsFile>;
export type FindingData = FindingsData['findings'][number];
export type LanguageData = z.infer<typeof LanguageFile>;
