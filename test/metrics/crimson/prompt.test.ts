import { describe, expect, it } from 'vitest';
import { buildCrimsonPrompt, reportText } from '../../../src/metrics/crimson/prompt.js';

const render = (opts: { guidelines: boolean; patientContext: boolean }, context?: Record<string, string | number | boolean>) =>
  buildCrimsonPrompt(opts).render('Left effusion < 1 cm & "new".', 'Right effusion.', context);

describe('the built-in CRIMSON prompt', () => {
  it('has every part: objective, context, reports, findings, significance, matching, attribute errors, output format', () => {
    const { system, user } = render({ guidelines: true, patientContext: true }, { age: 82, sex: 'F', indication: 'Preoperative' });
    expect(system).toMatch(/radiologist/);
    const order = ['# Task', '# Patient context', '# Reports', '# What counts as a finding', '# Clinical significance', '# How the patient context changes significance', '# Matching', '# Attribute errors', '# Output'];
    const at = order.map((h) => user.indexOf(h));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const word of ['urgent', 'actionable_not_urgent', 'not_actionable_not_urgent', 'benign_expected', 'significant', 'negligible']) expect(user).toContain(word);
    for (const t of ['location', 'severity', 'descriptor', 'measurement', 'certainty', 'unspecific', 'overinterpretation', 'temporal']) expect(user).toContain(`- ${t}:`);
    expect(user).toContain('- Age: 82\n- Sex: F\n- Indication: Preoperative');
  });

  describe('states the CRIMSON guideline (METRICS §1.5) in its own words', () => {
    const on = render({ guidelines: true, patientContext: true }, { age: 70, indication: 'Dyspnea' }).user;
    const section = (heading: string) => {
      const at = on.indexOf(heading);
      expect(at).toBeGreaterThanOrEqual(0);
      const next = on.indexOf('\n# ', at + 1);
      return on.slice(at, next < 0 ? undefined : next);
    };
    const line = (text: string, start: string) => text.split('\n').find((l) => l.startsWith(start)) ?? '';

    it('the significance table: each level with its typical findings', () => {
      const sig = section('# Clinical significance');
      expect(line(sig, '- urgent: a pneumothorax')).toMatch(/tension pneumothorax always.*widened mediastinum.*pneumomediastinum.*pneumoperitoneum.*shift of the mediastinum.*foreign body.*large pericardial effusion.*without a grade.*main bronchus/);
      expect(line(sig, '- actionable_not_urgent: a moderate')).toMatch(/nodule that needs follow-up.*pneumonia, consolidation, an airspace opacity or an infiltrate.*pulmonary edema.*mild or moderate.*small pneumothorax without tension.*mass.*fracture.*lymph nodes/);
      expect(line(sig, '- not_actionable_not_urgent: a chronic')).toMatch(/stable.*atelectasis.*trace pleural fluid.*osteopenia.*device in the right place/);
      expect(line(sig, '- benign_expected: atherosclerotic')).toMatch(/tortuous.*degenerative changes of the spine.*healed rib fracture.*unchanged.*gas in the stomach or bowel/);
    });

    it('the context rules: age 65, indication explains or not, after a procedure, children, trauma', () => {
      const ctx = section('# How the patient context changes significance');
      expect(line(ctx, '- Age 65 or older')).toMatch(/calcification of the aorta.*tortuous or unfolded aorta.*spine.*sternotomy wires.*benign_expected, unless the indication/);
      expect(line(ctx, '- Indication')).toMatch(/explains weighs less.*does not explain weighs more.*heart failure.*palpitations.*young child are urgent.*road traffic accident.*actionable_not_urgent.*elderly/);
      expect(line(ctx, '- After a procedure')).toMatch(/not_actionable_not_urgent.*anticipated complication weighs less.*intubation.*pneumothorax after a line.*pneumomediastinum.*effusion after cardiac surgery is not_actionable_not_urgent.*widened mediastinum.*urgent/);
      expect(line(ctx, '- Children')).toMatch(/thymic shadow is normal.*weighs more.*foreign body \(urgent\).*norms/);
      expect(line(ctx, '- Trauma')).toMatch(/fall.*road traffic.*assault.*at least actionable_not_urgent.*haemothorax.*urgent when large/);
    });

    it('the attribute-error severity table, attribute by attribute', () => {
      const attr = section('# Attribute errors');
      expect(line(attr, '- location: significant')).toMatch(/wrong side.*do not touch.*right upper lobe versus right lower lobe.*Negligible for neighbouring lobes.*right middle and lower.*left upper and lower.*inside the same lobe.*makes no error/);
      expect(line(attr, '- severity: significant')).toMatch(/small versus large.*mild versus severe.*minimal versus moderate.*simple versus tension.*small versus tiny/);
      expect(line(attr, '- descriptor: significant')).toMatch(/margins.*solid versus ground-glass.*simple versus complex.*opacity versus opacification versus density/);
      expect(line(attr, '- measurement: a nodule')).toMatch(/under 3 cm.*2 mm.*under 6 mm.*4 mm.*6 mm or larger.*mass \(3 cm or larger\) within 20 %.*other side of 3 cm.*always a significant/);
      expect(line(attr, '- certainty: significant')).toMatch(/"pneumothorax" versus "possible pneumothorax".*Negligible.*"likely" versus "probable".*"suggestive of" versus "compatible with"/);
      expect(line(attr, '- unspecific / overinterpretation')).toMatch(/lucency and pneumothorax; opacity and pneumonia.*costophrenic blunting and effusion.*nodule and granuloma or carcinoma.*Negligible for consolidation and pneumonia, infiltrate and pneumonia, airspace opacity and airspace disease/);
      expect(line(attr, '- temporal: significant')).toMatch(/new, worsening, increasing or resolved.*No error when it leaves out stable, unchanged or chronic.*neither report refers to an earlier study/);
      expect(line(attr, '- devices:')).toMatch(/well placed.*malpositioned is a significant error/);
      expect(attr).toContain('significant: the difference could change management');
    });

    it('the matching rules: core finding at another place, vaguer or more specific term, split sentences, one reference to several', () => {
      const m = section('# Matching');
      expect(m).toMatch(/same core finding at another place is still a match: record the place as a location error/);
      expect(m).toMatch(/vaguer or a more specific term for an abnormality in the same place is a match with an unspecific or overinterpretation error.*never a false finding plus a missing finding/);
      expect(m).toMatch(/Split a sentence that states several findings.*certainty word, a location, a severity/);
      expect(m).toMatch(/One reference finding may match several candidate findings/);
      expect(m).toMatch(/Only abnormal findings take part/);
    });

    it('guidelines off keeps the definitions, the matching rules and the output contract; no tables, no context rules', () => {
      const off = render({ guidelines: false, patientContext: true }, { age: 70 }).user;
      expect(off).toContain('# Patient context');
      expect(off).not.toContain('# How the patient context changes significance');
      expect(off).not.toContain('Age 65 or older');
      expect(off).not.toContain('2 mm');
      expect(off).toContain('A vaguer or a more specific term');
      expect(off).toContain('"reference_findings"');
      // the context rules need a context to apply to
      expect(render({ guidelines: true, patientContext: true }).user).not.toContain('# How the patient context changes significance');
    });
  });

  it('sends the reports as written (no HTML escaping)', () => {
    const { user } = render({ guidelines: false, patientContext: true });
    expect(user).toContain('"""\nLeft effusion < 1 cm & "new".\n"""');
  });

  it('leaves out the context block when there is no context or it is disabled', () => {
    expect(render({ guidelines: true, patientContext: true }).user).not.toContain('# Patient context');
    expect(render({ guidelines: true, patientContext: false }, { age: 30 }).user).not.toContain('# Patient context');
  });

  it('guidelines on/off toggles the examples and context rules only', () => {
    const on = render({ guidelines: true, patientContext: true }).user;
    const off = render({ guidelines: false, patientContext: true }).user;
    expect(on).toContain('Examples (adjust to the patient context)');
    expect(on).toContain('Grading examples');
    expect(off).not.toContain('Examples (adjust');
    expect(off).not.toContain('Grading examples');
    expect(off).toContain('# Output');
    expect(off).not.toMatch(/\n{3,}/);
  });

  it('fingerprints the prompt settings', () => {
    const a = buildCrimsonPrompt({ guidelines: true, patientContext: true }).fingerprint;
    expect(buildCrimsonPrompt({ guidelines: true, patientContext: true }).fingerprint).toBe(a);
    expect(buildCrimsonPrompt({ guidelines: false, patientContext: true }).fingerprint).not.toBe(a);
    expect(buildCrimsonPrompt({ guidelines: true, patientContext: true, systemPrompt: 'x' }).fingerprint).not.toBe(a);
  });

  it('an empty system prompt sends none', () => {
    expect(buildCrimsonPrompt({ guidelines: true, patientContext: true, systemPrompt: '' }).render('a', 'b', undefined).system).toBeUndefined();
  });

  it('renders structured reports as a list or JSON', () => {
    expect(reportText(['Cardiomegaly.', 'Small effusion.'])).toBe('- Cardiomegaly.\n- Small effusion.');
    expect(reportText({ findings: ['x'] })).toBe('{\n  "findings": [\n    "x"\n  ]\n}');
    expect(reportText('  text \n')).toBe('text');
  });
});
