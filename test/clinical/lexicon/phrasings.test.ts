/**
 * Phrasings of known findings that the lexicon reads (issue 12, seventh session): statements of the aorta, the lung
 * volumes, a rib and the left atrium, the missing breast shadow of a mastectomy, upper lobe vessels. Own example sentences.
 */
import { describe, expect, it } from 'vitest';
import { seen } from '../report/_helpers.js';

describe('lexicon phrasings: statements of known findings', () => {
  it('an aorta that shows or carries calcification is atherosclerotic', () => {
    expect(seen('The aortic arch shows calcification.')).toEqual(['aortic atherosclerosis:present']);
    expect(seen('The descending aorta is ectatic with calcification.')).toContain('aortic atherosclerosis:present');
  });

  it('lung volumes stated lower than before are low volumes; "lower" still names the lower zones', () => {
    expect(seen('Lung volumes are now lower than on the previous film.')).toEqual(['low lung volumes:present']);
    expect(seen('Patchy opacities in both lower and mid zones.')).toEqual(['lung opacity:present:bilateral']);
  });

  it('a missing breast shadow is the mastectomy it shows', () => {
    expect(seen('The right breast shadow is absent.')).toEqual(['mastectomy:present:right']);
    expect(seen('Left breast shadow not seen, in keeping with previous surgery.')).toEqual(['mastectomy:present:left']);
  });

  it('a rib destroyed or eroded is a lytic bone lesion, also stated of one aspect of the rib', () => {
    expect(seen('Destruction of the anterior aspect of the right 3rd rib.')).toEqual(['lytic bone lesion:present:right']);
    expect(seen('The left 6th rib is eroded.')).toEqual(['lytic bone lesion:present:left']);
  });

  it('a prominent left atrial appendage is left atrial enlargement', () => {
    expect(seen('Prominent LA appendage along the left heart border.')).toEqual(['left atrial enlargement:present']);
    expect(seen('The left atrial appendage is prominent.')).toEqual(['left atrial enlargement:present']);
  });

  it('prominent upper lobe vessels are vascular congestion', () => {
    expect(seen('Prominence of the upper lobe vessels.')).toEqual(['vascular congestion:present']);
    expect(seen('Dilated upper lobe vessels and small effusions.')).toContain('vascular congestion:present');
  });
});

describe('lexicon phrasings: mediastinal nodes, scarring, bronchiectasis signs, wires, drains', () => {
  it('nodes of a mediastinal station are mediastinal lymphadenopathy, apart from the hilar nodes', () => {
    expect(seen('Subcarinal lymphadenopathy.')).toEqual(['mediastinal lymphadenopathy:present']);
    expect(seen('Enlarged left paratracheal nodes.')).toEqual(['mediastinal lymphadenopathy:present:left']);
    expect(seen('Left hilum is enlarged, suggesting hilar lymphadenopathy. Possible left paratracheal widening.')).toEqual([
      'hilar lymphadenopathy:uncertain:left',
      'mediastinal lymphadenopathy:uncertain:left',
    ]);
  });

  it('bare adenopathy takes the station its sentence names; denied together, hilar and mediastinal nodes stay one', () => {
    expect(seen('AP window fullness, possibly adenopathy.')).toEqual(['mediastinal lymphadenopathy:uncertain']);
    expect(seen('Bulky left hilum, probably adenopathy.')).toEqual(['hilar lymphadenopathy:uncertain:left']);
    expect(seen('No hilar or mediastinal adenopathy.')).toEqual([]);
  });

  it('a calcified paratracheal node is a calcified lymph node', () => {
    expect(seen('Calcified left paratracheal lymph node.')).toEqual(['calcified lymph nodes:present:left']);
  });

  it('fibrotic or fibrous scarring is scarring; ring shadows and tubular lucencies are bronchiectasis', () => {
    expect(seen('Fibrous scarring at the left apex.')).toEqual(['scarring:present:left']);
    expect(seen('Tubular lucencies and ring shadows at the right base.')).toEqual(['bronchiectasis:present:right']);
    // tram tracks with ring shadows are the same dilated bronchi; tram tracks alone are thickened walls
    expect(seen('Ring shadows and tram lines in the left lower zone.')).toEqual(['bronchiectasis:present:left']);
    expect(seen('Tram-track opacities at both bases.')).toEqual(['bronchial wall thickening:present:bilateral']);
  });

  it('the wires of a clamshell or transverse sternotomy are sternotomy wires', () => {
    expect(seen('Transverse sternotomy wires in place.')).toEqual(['sternotomy wires:present']);
    expect(seen('Absent right breast shadow.')).toEqual(['mastectomy:present:right']);
  });

  it('ICD is a drain beside its own air and fluid, a defibrillator on the chest wall or with leads', () => {
    expect(seen('Surgical emphysema around the left ICD.')).toContain('chest tube:present:left');
    expect(seen('ICD generator over the left chest wall, leads in the RA and RV.')).toEqual(['pacemaker:present:left']);
  });

  it('a drain suggested or considered is not in place', () => {
    expect(seen('Large left pneumothorax. Suggest chest drain.')).toEqual(['pneumothorax:present:left']);
    expect(seen('Moderate right haemothorax, consider intercostal drain.')).not.toContain('chest tube:present');
  });
});

describe('lexicon phrasings: injuries, senses and text that names no finding', () => {
  it('blast lung is its own urgent injury, with its opacities as evidence', () => {
    expect(seen('Patchy bilateral opacities after the explosion, in keeping with primary blast lung injury.')).toEqual(['blast lung:present:bilateral']);
  });

  it('a septic embolus (singular) and an acute aortic pathology are read', () => {
    expect(seen('Cavitating right lower zone nodule, probably a septic embolus.')).toEqual(['septic emboli:uncertain']);
    expect(seen('Widened mediastinum, concerning for acute aortic pathology.')).toContain('aortic dissection:uncertain');
  });

  it('talc deposits on the pleura are pleural thickening', () => {
    expect(seen('Dense talc deposition along the left lateral pleura.')).toEqual(['pleural thickening:present:left']);
  });

  it('hila of normal size and density name no opacity', () => {
    expect(seen('Both hila are of normal size and density.')).toEqual([]);
  });

  it('a hilum prominent from its vessels is pulmonary artery enlargement; from its nodes, lymphadenopathy', () => {
    expect(seen('Bilateral hilar enlargement due to dilated pulmonary arteries.')).toEqual(['enlarged pulmonary arteries:present']);
    expect(seen('Bulky hila from enlarged lymph nodes.')).toEqual(['hilar lymphadenopathy:present']);
  });

  it('respiratory distress syndrome of a preterm neonate is surfactant deficiency', () => {
    expect(seen('Preterm neonate: granular lungs, consistent with respiratory distress syndrome.')).toEqual(['surfactant deficiency:present']);
    expect(seen('Diffuse airspace opacities in keeping with acute respiratory distress syndrome.')).toContain('ards:present');
  });

  it('what needs excluding, a drain recommended or proposed, and a past drainage state no finding', () => {
    expect(seen('Small left effusion; empyema needs to be excluded.')).toEqual(['pleural effusion:present:left']);
    expect(seen('Large right pneumothorax. Chest drain recommended.')).toEqual(['pneumothorax:present:right']);
    expect(seen('Smaller left effusion post drainage.')).toEqual(['pleural effusion:present:left']);
    expect(seen('Consider prophylactic chest drain before the flight.')).toEqual([]);
  });
});

describe('lexicon phrasings: metastases and fungal infection', () => {
  it('metastases read from nodules are pulmonary metastases, the nodules kept beside them', () => {
    expect(seen('Several new left lung nodules, highly suspicious for metastases.')).toEqual(['nodule:present:left', 'pulmonary metastases:uncertain:left']);
    expect(seen('Innumerable cannonball secondaries in both lungs.')).toEqual(['pulmonary metastases:present:bilateral']);
    expect(seen('No evidence of pulmonary metastatic disease.')).toEqual([]);
  });

  it('a bare metastasis in a sentence about a sclerotic bone lesion is that lesion', () => {
    expect(seen('Sclerotic focus in the L1 vertebral body, possibly a metastasis.')).toEqual(['sclerotic bone lesion:present']);
  });

  it('an invasive fungal infection is apart from a bacterial pneumonia', () => {
    expect(seen('Nodules with a surrounding halo of ground glass, concerning for angioinvasive fungal infection.')).toEqual(['invasive fungal infection:uncertain']);
    expect(seen('Right lower lobe consolidation, likely bacterial pneumonia.')).toEqual(['pneumonia:uncertain:right']);
  });
});

describe('lexicon phrasings: hyperlucency, pneumonitis', () => {
  it('hyperlucency alone is no hyperinflation (a pneumothorax, air trapping or oligaemia darkens the lung too)', () => {
    expect(seen('Hyperlucency over the right lower chest.')).toEqual([]);
    expect(seen('Hyperexpanded lungs.')).toEqual(['hyperinflation:present:bilateral']);
  });

  it('one aspiration qualifier for both alternatives is aspiration alone; a drug or hypersensitivity pneumonitis is no pneumonia', () => {
    expect(seen('Right basal opacities, likely aspiration pneumonia/pneumonitis.')).toEqual(['aspiration:uncertain:right']);
    expect(seen('Diffuse ground glass, possibly drug-induced pneumonitis.')).not.toContain('pneumonia:uncertain');
  });
});
