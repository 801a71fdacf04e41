import { describe, expect, it } from 'vitest';
import { buildCrimsonPrompt, reportText } from '../../../src/metrics/crimson/prompt.js';

const render = (opts: { guidelines: boolean; patientContext: boolean }, context?: Record<string, string | number | boolean>) =>
  buildCrimsonPrompt(opts).render('Left effusion < 1 cm & "new".', 'Right effusion.', context);

describe('the built-in CRIMSON prompt', () => {
  it('has every part: objective, context, reports, findings, significance, matching, attribute errors, output format', () => {
    const { system, user } = render({ guidelines: true, patientContext: true }, { age: 82, sex: 'F', indication: 'Preoperative' });
    expect(system).toMatch(/radiologist/);
    const order = ['# Task', '# Patient context', '# Reports', '# What counts as a finding', '# Clinical significance', '# Matching', '# Attribute errors', '# Output'];
    const at = order.map((h) => user.indexOf(h));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    for (const word of ['urgent', 'actionable_not_urgent', 'not_actionable_not_urgent', 'benign_expected', 'significant', 'negligible']) expect(user).toContain(word);
    for (const t of ['location', 'severity', 'descriptor', 'measurement', 'certainty', 'unspecific', 'overinterpretation', 'temporal']) expect(user).toContain(`- ${t}:`);
    expect(user).toContain('- Age: 82\n- Sex: F\n- Indication: Preoperative');
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
