import { readFileSync } from 'node:fs';
import { globSync } from 'glob';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { isErrorOutcome } from '../../../src/metrics/contract.js';
import { crimsonLexiconProvider, judgeByLexicon } from '../../../src/metrics/crimson/lexicon-judge.js';
import { CrimsonEvaluationSchema } from '../../../src/metrics/crimson/schema.js';
import { computeCrimsonScore } from '../../../src/metrics/crimson/score.js';

const score = (reference: string, candidate: string, context?: Record<string, string | number>) => computeCrimsonScore(judgeByLexicon(reference, candidate, context).evaluation).crimson_score;
const errorsOf = (reference: string, candidate: string) => judgeByLexicon(reference, candidate).evaluation.errors;

describe('crimson:lexicon (approximation)', () => {
  it('is labelled as an approximation in its id, description and every outcome', async () => {
    expect(crimsonLexiconProvider.id).toBe('crimson:lexicon');
    expect(crimsonLexiconProvider.description).toMatch(/^APPROXIMATION of CRIMSON/);
    const m = await crimsonLexiconProvider.create({}, { root: '.' });
    expect(m.description).toMatch(/APPROXIMATION/);
    expect(m).toMatchObject({ id: 'crimson:lexicon', deterministic: true, range: [-1, 1], direction: 'higher' });
    expect(m.remote).toBeFalsy();
    const [o] = await m.score([{ reference: 'Small left pleural effusion.', candidate: 'Small left pleural effusion.' }], { signal: new AbortController().signal });
    expect(o).toMatchObject({ value: 1, details: { approximation: expect.stringMatching(/not the CRIMSON LLM judge/) } });
  });

  it('produces evaluations that satisfy the judge-output contract, for every report in the ranking corpus', () => {
    const texts = new Set<string>();
    for (const file of globSync('cases/ranking/**/*.yaml').sort()) {
      const doc = parseYaml(readFileSync(file, 'utf8')) as { reference?: string; candidates?: Record<string, unknown>; cases?: { reference: string; candidates: Record<string, unknown> }[] };
      for (const c of doc.cases ?? [doc]) {
        if (typeof c.reference === 'string') texts.add(c.reference);
        for (const v of Object.values(c.candidates ?? {})) texts.add(typeof v === 'string' ? v : String((v as { text: string }).text));
      }
    }
    expect(texts.size).toBeGreaterThan(100);
    const list = [...texts];
    for (let i = 0; i < list.length; i++) {
      const e = judgeByLexicon(list[i]!, list[(i + 1) % list.length]!).evaluation;
      expect(CrimsonEvaluationSchema.safeParse(e).success).toBe(true);
      const ids = new Set([...e.matched_findings.map((m) => m.pred_id), ...e.errors.false_findings]);
      expect(ids.size).toBe(e.predicted_findings.length); // every prediction is matched or false
    }
  });

  it('scores the same report 1, a normal report against an abnormal one 0, and two normal reports 1', () => {
    expect(score('Moderate left pleural effusion.', 'Moderate left pleural effusion.')).toBe(1);
    expect(score('Moderate left pleural effusion.', 'No acute cardiopulmonary process.')).toBe(0);
    expect(score('Lungs are clear.', 'No acute cardiopulmonary process.')).toBe(1);
  });

  it('lists only abnormal findings: negated and normal statements are not findings', () => {
    const e = judgeByLexicon('No pneumothorax. Heart size is normal. Small left pleural effusion.', 'Small left pleural effusion. No focal consolidation.').evaluation;
    expect(e.reference_findings).toEqual([{ id: 'R1', finding: 'small left pleural effusion', clinical_significance: 'actionable_not_urgent' }]);
    expect(e.predicted_findings).toHaveLength(1);
    expect(e.matched_findings).toEqual([{ ref_id: 'R1', pred_id: 'P1' }]);
  });

  it('a false finding subtracts, weighted by significance', () => {
    expect(score('No acute cardiopulmonary process.', 'Large left pneumothorax.')).toBeLessThan(0);
    expect(score('Mild cardiomegaly.', 'Mild cardiomegaly. Right pneumothorax.')).toBeLessThan(score('Mild cardiomegaly.', 'Mild cardiomegaly.'));
  });

  it('the wrong side of a pleural finding is a false and a missing finding (README Departures)', () => {
    const e = errorsOf('Moderate left pleural effusion.', 'Moderate right pleural effusion.');
    expect(e.false_findings).toEqual(['P1']);
    expect(e.missing_findings).toEqual(['R1']);
    expect(e.attribute_errors).toEqual([]);
  });

  it('bilateral against both sides separately is no error; against one side it is', () => {
    expect(errorsOf('Small bilateral pleural effusions.', 'Small left pleural effusion. Small right pleural effusion.').attribute_errors).toEqual([]);
    expect(errorsOf('Small bilateral pleural effusions.', 'Small left pleural effusion.').attribute_errors.map((a) => a.error_types)).toEqual([['location']]);
  });

  it('grades severity, measurement, certainty and temporal differences', () => {
    const types = (a: string, b: string) => errorsOf(a, b).attribute_errors.map((x) => [x.error_types[0], x.severity]);
    expect(types('Moderate cardiomegaly.', 'Mild cardiomegaly.')).toEqual([['severity', 'significant']]);
    expect(types('8 mm nodule in the right upper lobe.', '18 mm nodule in the right upper lobe.')).toEqual([['measurement', 'significant']]);
    expect(types('8 mm nodule in the right upper lobe.', '0.8 cm nodule in the right upper lobe.')).toEqual([]);
    expect(types('Right lower lobe pneumonia.', 'Right lower lobe pneumonia cannot be excluded.')).toEqual([['certainty', 'significant']]);
    expect(types('Linear left basilar opacity, likely atelectasis.', 'Linear left basilar opacity, probably atelectasis.')).toEqual([]);
    expect(types('New moderate right pleural effusion.', 'Increasing moderate right pleural effusion.')).toEqual([['temporal', 'significant']]);
    expect(types('Stable mild cardiomegaly.', 'Unchanged mild cardiomegaly.')).toEqual([]);
  });

  it('anatomic location: same region is fine, another lobe is an error', () => {
    expect(errorsOf('Right lower lobe consolidation.', 'Right basilar consolidation.').attribute_errors).toEqual([]);
    expect(errorsOf('Right upper lobe consolidation.', 'Right lower lobe consolidation.').attribute_errors.map((a) => a.error_types)).toEqual([['location']]);
  });

  it('a malpositioned device against a well placed one is two different findings: missed and false', () => {
    const e = judgeByLexicon('Endotracheal tube tip is in the right mainstem bronchus.', 'Endotracheal tube tip 4 cm above the carina.').evaluation;
    expect(e.reference_findings[0]!.clinical_significance).toBe('urgent'); // malpositioned
    expect(e.matched_findings).toEqual([]);
    expect(e.errors.missing_findings).toEqual(['R1']);
    expect(e.errors.false_findings).toEqual(['P1']);
  });

  it('another tip position with the same verdict is a negligible location error', () => {
    const e = judgeByLexicon('Right PICC with tip in the mid SVC.', 'Right PICC with tip at the cavoatrial junction.').evaluation;
    expect(e.errors.attribute_errors).toMatchObject([{ error_types: ['location'], severity: 'negligible' }]);
  });

  it('a more general or more specific name matches with an unspecific / overinterpretation error', () => {
    const general = errorsOf('Right lower lobe pneumonia.', 'Right lower lobe opacity.');
    expect(general.attribute_errors.map((a) => a.error_types[0])).toEqual(['unspecific']);
    const specific = errorsOf('Right lower lobe opacity.', 'Right lower lobe pneumonia.');
    expect(specific.attribute_errors.map((a) => a.error_types[0])).toEqual(['overinterpretation']);
  });

  it('patient context changes significance through the lexicon rules, and details say which rule', async () => {
    const ref = 'Calcification of the aortic knob.';
    const young = judgeByLexicon(ref, 'No acute abnormality.', { age: 25 });
    const old = judgeByLexicon(ref, 'No acute abnormality.', { age: 82 });
    expect(young.evaluation.reference_findings[0]!.clinical_significance).not.toBe(old.evaluation.reference_findings[0]!.clinical_significance);
    expect(score(ref, 'No acute abnormality.', { age: 82 })).toBeGreaterThanOrEqual(score(ref, 'No acute abnormality.', { age: 25 }));
    const m = await crimsonLexiconProvider.create({}, { root: '.' });
    const [o] = await m.score([{ reference: 'Acute left rib fractures.', candidate: 'No fracture.', context: { indication: 'Fall from standing' } }], { signal: new AbortController().signal });
    expect((o as unknown as { details: { significance_rules: Record<string, string> } }).details.significance_rules.R1).toMatch(/trauma/);
    const off = await crimsonLexiconProvider.create({ patientContext: false }, { root: '.' });
    const [p] = await off.score([{ reference: 'Acute left rib fractures.', candidate: 'No fracture.', context: { indication: 'Fall from standing' } }], { signal: new AbortController().signal });
    expect((p as { details: Record<string, unknown> }).details.significance_rules).toBeUndefined();
  });

  it('a shift stated in its own sentence does not give the tension the direction of the shift (preference regression)', () => {
    // the side of a mediastinal shift is where the mediastinum moved, not the side of the pneumothorax pushing it
    const ref = 'Large left pneumothorax with rightward shift of the mediastinum, concerning for tension.';
    const e = judgeByLexicon(ref, 'Large left pneumothorax. The mediastinum is shifted to the right, suspicious for tension.').evaluation;
    // a suspected tension is the pneumothorax's possible reading; the shift is a finding of its own (CONVENTIONS §4, §25)
    expect(e.predicted_findings.map((f) => f.finding)).toEqual(['large left pneumothorax (tension pneumothorax?)', 'right mediastinal shift']);
    expect(computeCrimsonScore(e).crimson_score).toBe(1);
    expect(score(ref, 'Large left pneumothorax.')).toBeLessThan(1);
  });

  it('merges a finding repeated in findings and impression', () => {
    const e = judgeByLexicon('Small left pleural effusion. Impression: small left pleural effusion.', 'Small left pleural effusion.').evaluation;
    expect(e.reference_findings).toHaveLength(1);
  });

  it('refuses structured reports and unknown options', async () => {
    const m = await crimsonLexiconProvider.create({}, { root: '.' });
    const [o] = await m.score([{ reference: { findings: [] }, candidate: 'x' }], { signal: new AbortController().signal });
    expect(isErrorOutcome(o!)).toBe(true);
    expect(() => crimsonLexiconProvider.create({ guidelines: true }, { root: '.' })).toThrow(/invalid crimson:lexicon options: Unrecognized key: "guidelines"/);
  });

  it('is deterministic', () => {
    const a = JSON.stringify(judgeByLexicon('Right lower lobe consolidation with a small right pleural effusion.', 'Right lower lobe consolidation.'));
    expect(JSON.stringify(judgeByLexicon('Right lower lobe consolidation with a small right pleural effusion.', 'Right lower lobe consolidation.'))).toBe(a);
  });
});
