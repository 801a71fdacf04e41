import { describe, expect, it } from 'vitest';
import { annotateWithLexicon } from '../../../src/metrics/radgraph/extractors/lexicon.js';

/** `tokens label [relation:target ...]` per entity, in order (labels shortened). */
function view(text: string): string[] {
  const a = annotateWithLexicon(text);
  const short = (l: string) => l.replace('Observation::definitely present', 'DP').replace('Observation::uncertain', 'U').replace('Observation::definitely absent', 'DA').replace('Anatomy::definitely present', 'A');
  return Object.values(a.entities).map((e) => [e.tokens, short(e.label), ...e.relations.map(([t, x]) => `${t}:${a.entities[x]!.tokens}`)].join(' '));
}

describe('lexicon extractor: RadGraph schema conventions', () => {
  it('annotates normal statements: anatomy, its descriptors and the normal word', () => {
    expect(view('The cardiac size is normal. Lungs are clear.')).toEqual([
      'cardiac A', 'size A modify:cardiac', 'normal DP located_at:cardiac', 'Lungs A', 'clear DP located_at:Lungs',
    ]);
    expect(view('Normal cardiomediastinal contours.')).toEqual(['Normal DP located_at:contours', 'cardiomediastinal A modify:contours', 'contours A']);
    expect(view('Unremarkable osseous structures.')).toEqual(['Unremarkable DP located_at:structures', 'osseous A modify:structures', 'structures A']);
  });

  it('marks negated and hedged observations, with the scope of the cue', () => {
    expect(view('No focal airspace disease or pleural fluid.')).toEqual([
      'focal DA modify:disease', 'airspace A', 'disease DA located_at:airspace', 'pleural A', 'fluid DA located_at:pleural',
    ]);
    expect(view('A pneumothorax is not identified.')).toEqual(['pneumothorax DA']);
    expect(view('Basilar haziness, may represent atelectasis.')).toEqual(['Basilar A', 'haziness DP located_at:Basilar suggestive_of:atelectasis', 'atelectasis U']);
    expect(view('Heart not enlarged.')).toEqual(['Heart A', 'enlarged DA located_at:Heart']);
    // the scope ends at a terminator: the second finding is present
    expect(view('No effusion but there is mild edema.')).toEqual(['effusion DA', 'mild DP modify:edema', 'edema DP']);
  });

  it('one entity per word: sides and levels modify the anatomy, the observation is located at it', () => {
    expect(view('Trace right-sided pleural fluid.')).toEqual(['Trace DP modify:fluid', 'right - sided A modify:pleural', 'pleural A', 'fluid DP located_at:pleural']);
    expect(view('Patchy opacity within the left upper lobe.')).toEqual(['Patchy DP modify:opacity', 'opacity DP located_at:lobe', 'left A modify:lobe', 'upper A modify:lobe', 'lobe A']);
    expect(view('Fractures of the 4th and 5th ribs posteriorly.')).toEqual(['Fractures DP located_at:ribs', '4th A modify:ribs', '5th A modify:ribs', 'ribs A', 'posteriorly A modify:ribs']);
  });

  it('change words, measurements and devices', () => {
    expect(view('Nodule, stable.')).toEqual(['Nodule DP', 'stable DP modify:Nodule']);
    expect(view('A nodule measuring 12 mm.')).toEqual(['nodule DP', '12 mm DP modify:nodule']);
    expect(view('Enteric tube tip in the stomach.')).toEqual(['Enteric DP modify:tube', 'tube DP', 'tip DP modify:tube located_at:stomach', 'stomach A']);
    expect(view('Interval increase in the right effusion.')).toEqual(['increase DP modify:effusion', 'right A', 'effusion DP located_at:right']);
  });

  it('leaves out what is not a finding: headings, comparison and history lines', () => {
    expect(view('INDICATION: Cough, evaluate for pneumonia.\nCOMPARISON: None.\nFINDINGS: No effusion.')).toEqual(['effusion DA']);
    expect(view('EXAMINATION: Chest PA and lateral.')).toEqual([]);
  });

  it('reads hedges written as a query or a consideration, and quantities', () => {
    expect(view('Right basal shadowing, ?aspiration.')).toEqual(['Right A modify:basal', 'basal A', 'shadowing DP located_at:basal', 'aspiration U']);
    expect(view('Lobar pneumonia should be considered.')).toEqual(['Lobar A', 'pneumonia U located_at:Lobar']);
    expect(view('Moderate amount of subcutaneous gas.')).toEqual(['Moderate DP modify:gas', 'subcutaneous A', 'gas DP located_at:subcutaneous']);
    expect(view('The effusion has decreased and is now small.')).toEqual(['effusion DP', 'decreased DP modify:effusion', 'small DP modify:effusion']);
  });

  it('places observations at an anatomy heading, a trailing side and the first of two coordinated tissues', () => {
    expect(view('Bones: No fracture.')).toEqual(['Bones A', 'fracture DA located_at:Bones']);
    expect(view('Heart: normal.')).toEqual(['Heart A', 'normal DP located_at:Heart']);
    expect(view('Bullous change bilaterally.')).toEqual(['Bullous DP modify:change', 'change DP located_at:bilaterally', 'bilaterally A']);
    expect(view('Peribronchial and ground-glass opacities.')).toEqual(['Peribronchial A', 'ground - glass DP modify:opacities', 'opacities DP located_at:Peribronchial']);
    expect(view('Upper lobe fibrocalcific scarring.')).toEqual(['Upper A modify:lobe', 'lobe A', 'fibrocalcific DP modify:scarring', 'scarring DP located_at:lobe']);
  });

  it('is deterministic and gives ids in order of position', () => {
    const t = 'Moderate cardiomegaly. Mild interstitial edema, increased. No pneumothorax.';
    const a = annotateWithLexicon(t);
    expect(annotateWithLexicon(t)).toEqual(a);
    const starts = Object.values(a.entities).map((e) => e.start_ix);
    expect(starts).toEqual([...starts].sort((x, y) => x - y));
  });
});
