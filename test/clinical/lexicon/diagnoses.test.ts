/**
 * Findings of the ninth session (issue 12): a drug's lung injury, sarcoidosis, an enlarged spleen, the conglomerate masses
 * of a pneumoconiosis apart from its small nodules, and calcified nodes apart from (or as part of) enlarged ones. Own
 * example sentences.
 */
import { describe, expect, it } from 'vitest';
import { extractFindings } from '../../../src/clinical/report/index.js';
import { one, seen } from '../report/_helpers.js';

describe('lexicon diagnoses: drug-induced pneumonitis', () => {
  it('a named drug or drug class with its lung injury is drug-induced pneumonitis, no pneumonia', () => {
    expect(seen('Amiodarone lung toxicity.')).toEqual(['drug-induced pneumonitis:present']);
    expect(seen('Methotrexate pneumonitis is possible.')).toEqual(['drug-induced pneumonitis:uncertain']);
    expect(seen('Drug-related pneumonitis.')).toEqual(['drug-induced pneumonitis:present']);
    expect(seen('Immunotherapy-related pneumonitis.')).toEqual(['drug-induced pneumonitis:present']);
  });

  it('its opacities are its evidence', () => {
    const [f, ...rest] = extractFindings('Bilateral ground-glass opacities, likely checkpoint inhibitor pneumonitis.');
    expect(rest).toEqual([]);
    expect([f?.name, f?.status, f?.side]).toEqual(['drug-induced pneumonitis', 'uncertain', 'bilateral']);
    expect(f?.evidence).toEqual(['ground-glass opacity']);
  });

  it('a pneumonitis of no drug and no infection still states no finding', () => {
    expect(seen('Hypersensitivity pneumonitis.')).toEqual([]);
  });

  it('a drug-induced pneumonitis in a differential list is no finding', () => {
    expect(seen('Reticular opacities, with the differential including viral pneumonia and drug-induced pneumonitis.')).toEqual(['interstitial opacities:present:bilateral']);
  });
});

describe('lexicon diagnoses: sarcoidosis', () => {
  it('sarcoidosis is named beside the nodes and opacities it is read from', () => {
    expect(seen('Bilateral hilar lymphadenopathy, in keeping with sarcoidosis.')).toEqual(['hilar lymphadenopathy:present:bilateral', 'sarcoidosis:present']);
    expect(seen('Stage II sarcoid.')).toEqual(['sarcoidosis:present']);
    expect(seen('No features of sarcoidosis.')).toEqual([]);
  });

  it('a sarcoidosis the indication does not name is actionable', () => {
    expect(one('Appearances of pulmonary sarcoidosis.', 'sarcoidosis')?.significance).toBe('actionable_not_urgent');
    expect(one('Appearances of pulmonary sarcoidosis.', 'sarcoidosis', { indication: 'Erythema nodosum ?sarcoidosis' })?.significance).toBe('actionable_not_urgent');
  });
});

describe('lexicon diagnoses: splenomegaly', () => {
  it('an enlarged spleen, named or stated, is splenomegaly', () => {
    expect(seen('Splenomegaly.')).toEqual(['splenomegaly:present']);
    expect(seen('The spleen is enlarged.')).toEqual(['splenomegaly:present']);
    expect(seen('Splenic enlargement displacing the gastric air bubble.')).toEqual(['splenomegaly:present']);
    expect(seen('Possible hepatosplenomegaly.')).toEqual(['splenomegaly:uncertain']);
  });
});

describe('lexicon diagnoses: pneumoconiosis and progressive massive fibrosis', () => {
  it('the reticulation beside a hedged asbestosis stays a finding', () => {
    expect(seen('Basal reticular opacities; early asbestosis not excluded.')).toContain('interstitial opacities:present:bilateral');
  });

  it('conglomerate masses are progressive massive fibrosis, named apart from the pneumoconiosis and its side', () => {
    expect(seen('Silicosis with progressive massive fibrosis in the right upper zone.')).toEqual(['pneumoconiosis:present', 'progressive massive fibrosis:present:right']);
    expect(seen('Bilateral upper zone conglomerate masses.')).toEqual(['progressive massive fibrosis:present:bilateral']);
    expect(seen('Large opacities in both upper zones, s/o PMF.')).toEqual(['progressive massive fibrosis:uncertain:bilateral']);
  });
});

describe('lexicon diagnoses: calcified lymph nodes', () => {
  it('calcified hilar or mediastinal nodes are calcified lymph nodes, benign', () => {
    expect(seen('Calcified left hilar lymph node.')).toEqual(['calcified lymph nodes:present:left']);
    expect(seen('Hilar lymph node calcification.')).toEqual(['calcified lymph nodes:present']);
    expect(seen('Calcified mediastinal lymphadenopathy.')).toEqual(['calcified lymph nodes:present']);
    expect(one('Calcified subcarinal lymph node.', 'calcified lymph nodes')?.significance).toBe('benign_expected');
  });

  it('enlarged nodes with (eggshell) calcification are the enlarged nodes, the calcification their evidence', () => {
    const found = extractFindings('Enlarged hilar lymph nodes bilaterally with peripheral eggshell calcification.');
    expect(found.map((f) => `${f.name}:${f.side}`)).toEqual(['hilar lymphadenopathy:bilateral']);
    expect(found[0]?.evidence).toEqual(['calcified lymph nodes']);
  });
});

describe('lexicon diagnoses: respiratory distress syndrome of the newborn', () => {
  it('RDS with a neonatal word in its sentence is surfactant deficiency; in an adult sentence it stays ARDS', () => {
    expect(seen('Diffuse granular opacities with air bronchograms, in keeping with respiratory distress syndrome.')).toEqual(['surfactant deficiency:present']);
    expect(seen('Preterm baby on NICU: respiratory distress syndrome.')).toEqual(['surfactant deficiency:present']);
    expect(seen('Neonatal RDS.')).toEqual(['surfactant deficiency:present']);
    expect(seen('Bilateral airspace opacities in keeping with respiratory distress syndrome.')).toEqual(['ards:present:bilateral']);
  });
});

describe('lexicon: a poor inspiration is a limit of the study', () => {
  it('poor, shallow or suboptimal inspiration states no finding; low volumes stated as such are low lung volumes', () => {
    expect(seen('Poor inspiratory effort.')).toEqual([]);
    expect(seen('Shallow inspiration. Small left effusion.')).toEqual(['pleural effusion:present:left']);
    expect(seen('Suboptimal inspiration with low lung volumes.')).toEqual(['low lung volumes:present']);
    expect(seen('Hypoinflated lungs.')).toEqual(['low lung volumes:present']);
  });
});
