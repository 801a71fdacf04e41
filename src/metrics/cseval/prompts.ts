/**
 * The CSEval paper's prompt template (seed 000 §3.2.1, METRICS §6) as data: four findings,
 * each with its severity and location options; the product is the paper's 31 prompts.
 */

export type CsevalFinding = 'cardiomegaly' | 'pleural effusion' | 'opacification' | 'pneumothorax';

export interface PromptTemplate {
  finding: CsevalFinding;
  severities: string[];
  /** Empty when the finding has no location in the template (cardiomegaly). */
  locations: string[];
}

/** `{mild/moderate/severe} cardiomegaly`, `{small/moderate} {left/right} pleural effusion`, ... */
export const CSEVAL_TEMPLATE: readonly PromptTemplate[] = [
  { finding: 'cardiomegaly', severities: ['mild', 'moderate', 'severe'], locations: [] },
  { finding: 'pleural effusion', severities: ['small', 'moderate'], locations: ['left', 'right'] },
  {
    finding: 'opacification',
    severities: ['small', 'moderate'],
    locations: ['left', 'right', 'left upper lobe', 'left lower lobe', 'right upper lobe', 'right lower lobe'],
  },
  { finding: 'pneumothorax', severities: ['small', 'moderate', 'large'], locations: ['left', 'right', 'left apical', 'right apical'] },
];

/** Images per prompt in the paper (random initial noise): 31 x 10 = 310. */
export const SEEDS_PER_PROMPT = 10;

export interface CsevalPrompt {
  /** `pleural-effusion/small-left`: stable, used for case ids and image folders. */
  id: string;
  finding: CsevalFinding;
  severity: string;
  location?: string;
  /** The prompt as the generator receives it: `small left pleural effusion`. */
  text: string;
}

const slug = (s: string): string => s.replace(/\s+/g, '-');

/** Every prompt of the template, in template order (severity outer, location inner). */
export function csevalPrompts(template: readonly PromptTemplate[] = CSEVAL_TEMPLATE): CsevalPrompt[] {
  const out: CsevalPrompt[] = [];
  for (const t of template) {
    for (const severity of t.severities) {
      const locations = t.locations.length > 0 ? t.locations : [undefined];
      for (const location of locations) {
        const words = [severity, location, t.finding].filter((w): w is string => w !== undefined);
        out.push({
          id: `${slug(t.finding)}/${[severity, location].filter(Boolean).map((w) => slug(w!)).join('-')}`,
          finding: t.finding,
          severity,
          ...(location ? { location } : {}),
          text: words.join(' '),
        });
      }
    }
  }
  return out;
}
