/**
 * Sentence templates, several per kind of statement. Every template states exactly one finding
 * and uses only cue words whose meaning CONVENTIONS.md fixes (§5-8, §21): "likely" is
 * probability 2, "cannot be excluded" probability 1, "not seen" absent. Templates avoid articles
 * ("there is a cardiomegaly") because many findings are uncountable.
 *
 * Context: `NP` / `np` the finding's noun phrase (capitalised / as is), `is` the verb agreeing
 * with it, `pos` the device tip phrase ("in the SVC", "4 cm above the carina").
 */
import Handlebars from 'handlebars';

export type TemplateKind =
  | 'present'
  | 'probable'
  | 'possible'
  | 'absent'
  | 'resolved'
  | 'devicePosition'
  | 'deviceAppropriate'
  | 'deviceMalpositioned'
  | 'devicePlain'
  | 'devicePositionButAppropriate'
  | 'devicePositionButMalpositioned';

const SOURCES: Readonly<Record<TemplateKind, readonly string[]>> = {
  present: ['{{NP}}.', '{{NP}} {{is}} present.', '{{NP}} {{is}} seen.', '{{NP}} {{is}} noted.', 'Findings consistent with {{np}}.'],
  probable: [
    'Likely {{np}}.',
    'Probable {{np}}.',
    'Findings suspicious for {{np}}.',
    'Findings suggestive of {{np}}.',
    '{{NP}} {{is}} likely.',
    'Findings concerning for {{np}}.',
  ],
  possible: [
    'Possible {{np}}.',
    'Cannot exclude {{np}}.',
    '{{NP}} cannot be excluded.',
    'Questionable {{np}}.',
    '{{NP}} {{is}} not excluded.',
    'Findings may represent {{np}}.',
  ],
  absent: [
    'No {{np}}.',
    'No evidence of {{np}}.',
    'There is no {{np}}.',
    '{{NP}} {{is}} not seen.',
    '{{NP}} {{is}} not identified.',
    'Negative for {{np}}.',
  ],
  resolved: ['{{NP}} {{is}} no longer seen.', 'Interval resolution of the {{np}}.'],
  devicePosition: ['{{NP}} with tip {{pos}}.', '{{NP}} tip {{pos}}.', '{{NP}} terminating {{pos}}.', '{{NP}} terminates {{pos}}.'],
  deviceAppropriate: [
    '{{NP}} in satisfactory position.',
    '{{NP}} in standard position.',
    '{{NP}} {{is}} appropriately positioned.',
    '{{NP}} in good position.',
  ],
  deviceMalpositioned: ['{{NP}} {{is}} malpositioned.', '{{NP}} {{is}} malpositioned and should be repositioned.'],
  devicePlain: ['{{NP}} in place.', '{{NP}} {{is}} present.', '{{NP}} {{is}} noted.', '{{NP}}.'],
  // A stated placement that contradicts the tip position wins (§21); said after the tip.
  devicePositionButAppropriate: ['{{NP}} with tip {{pos}}, in satisfactory position.'],
  devicePositionButMalpositioned: ['{{NP}} {{is}} malpositioned, with tip {{pos}}.'],
};

/** Template context. */
export interface TemplateContext {
  NP: string;
  np: string;
  is: 'is' | 'are';
  pos?: string;
}

type Compiled = (ctx: TemplateContext) => string;
let compiled: Map<TemplateKind, Compiled[]> | undefined;

/** The compiled templates of a kind (compiled once; `noEscape` since the output is plain text). */
export function templates(kind: TemplateKind): readonly Compiled[] {
  compiled ??= new Map(
    Object.entries(SOURCES).map(([k, srcs]) => [
      k as TemplateKind,
      srcs.map((s) => Handlebars.compile<TemplateContext>(s, { noEscape: true, strict: true })),
    ]),
  );
  return compiled.get(kind) ?? [];
}

/** The template sources of a kind, for tests and documentation. */
export function templateSources(kind: TemplateKind): readonly string[] {
  return SOURCES[kind];
}
