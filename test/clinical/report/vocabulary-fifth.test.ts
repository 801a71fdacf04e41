/**
 * Issue 12, fifth session: words of continental European radiologists writing English (dystelectasis,
 * drainage for a chest drain, an elongated or sclerotic aorta, round foci, hili, vertebral levels written
 * Th9) and of paediatric and cardiothoracic units (granularity, introducers, named dialysis catheters,
 * retained lead fragments, annuloplasty rings, and the specialist devices that have a finding of their own).
 */
import { describe, expect, it } from 'vitest';
import { one, seen } from './_helpers.js';

const CASES: [string, string[]][] = [
  // atelectasis written as dystelectasis, in its inflections and with its shape words
  ['Discoid dystelectasis at the right base.', ['atelectasis:present:right']],
  ['Small platelike dystelectases on both sides basally.', ['atelectasis:present:bilateral']],
  ['Dystelectatic changes in the left lower lobe.', ['atelectasis:present:left']],
  ['Plate atelectases in the right lower zone.', ['atelectasis:present:right']],
  // a chest drain written as a drainage, or as a drain alone
  ['Pleural drainage on the right, unchanged.', ['chest tube:present:right']],
  ['A left basal drainage and two mediastinal drainages remain.', ['chest tube:present:left', 'chest tube:present']],
  ['The right drain is still in place.', ['chest tube:present:right']],
  ['Buelau drainage in the left hemithorax.', ['chest tube:present:left']],
  // where a drain was, or a drainage that is only proposed, is no tube
  ['Little soft tissue air around the former drain insertion site.', ['subcutaneous emphysema:present']],
  ['Large right effusion; ultrasound guided drainage is suggested.', ['pleural effusion:present:right']],
  ['Left effusion, drainage should be considered.', ['pleural effusion:present:left']],
  ['Anomalous pulmonary venous drainage to the SVC.', []],
  ['Biliary drain in the right upper quadrant.', ['other device:present:right']],
  // the aorta: elongated (tortuous) and sclerotic (atherosclerosis), as nouns, adjectives and predicates
  ['Elongation of the thoracic aorta.', ['tortuous aorta:present']],
  ['The descending aorta is elongated.', ['tortuous aorta:present']],
  ['Sclerotic and elongated aortic arch.', ['aortic atherosclerosis:present', 'tortuous aorta:present']],
  ['Marked sclerosis of the aorta.', ['aortic atherosclerosis:present']],
  ['The aortic knuckle is sclerotic.', ['aortic atherosclerosis:present']],
  // round foci are nodules; the hili are the hila
  ['Two rounded foci in the right mid zone, up to 9 mm.', ['nodule:present:right']],
  ['Solitary round shadow in the left lower lobe.', ['nodule:present:left']],
  ['Both hili are enlarged.', ['hilar lymphadenopathy:present:bilateral']],
  // vertebral levels as subjects
  ['Th8 with loss of height, known.', ['vertebral compression fracture:present']],
  ['Wedge-shaped deformity of T12, probably old.', ['vertebral compression fracture:present']],
  ['L1 with reduced height, compared to the prior study.', ['vertebral compression fracture:present']],
  // British spellings with haemato-, subcut, pneumonic infiltrates
  ['Left haematothorax after the fall.', ['hemothorax:present:left']],
  ['Right haematopneumothorax.', ['hydropneumothorax:present:right']],
  ['Extensive subcut air over the left chest wall.', ['subcutaneous emphysema:present:left']],
  ['New pneumonic infiltrates in the left lower field.', ['pneumonia:present:left']],
  ['Lung volumes are smaller than before.', ['low lung volumes:present']],
  // neonatal lungs named by their pattern
  ['Diffuse bilateral granularity of both lungs.', ['surfactant deficiency:present:bilateral']],
  // lines, catheters and fragments
  ['Left subclavian introducer with its tip in the brachiocephalic vein.', ['central venous catheter:present:left']],
  ['Shaldon line from the left groin.', ['dialysis catheter:present:left']],
  ['Small wire fragment projecting over the SVC, retained after lead extraction.', ['foreign body:present']],
  ['Bioprosthetic mitral valve.', ['prosthetic valve:present']],
  ['Tricuspid annuloplasty band.', ['surgical procedure:present']],
  ['Delayed sternal closure with a silastic membrane.', ['surgical procedure:present']],
  // specialist devices with a finding of their own
  ['MitraClip in place.', ['mitral clip:present']],
  ['Percutaneous ventricular assist device with its inlet in the left ventricle.', ['impella:present']],
  ['LA line and RA pressure line in situ.', ['intracardiac line:present']],
  ['Zephyr valves in the left upper lobe bronchi.', ['endobronchial valve:present:left']],
  ['Thoracic epidural catheter projects over the spine.', ['epidural catheter:present']],
  ['Tenckhoff catheter coiled in the pelvis.', ['peritoneal dialysis catheter:present']],
  ['Broken sternotomy wires with separation of the sternal halves.', ['sternal dehiscence:present']],
  // more European wordings: stasis, probes and aggregates, callosities, space-occupying lesions, foci, arthrosis
  ['Moderate pulmonary venous stasis.', ['vascular congestion:present']],
  ['Nasogastric probe ending in the stomach.', ['enteric tube:present']],
  ['Two-chamber pacemaker system from the right, probes in the right atrium and ventricle.', ['pacemaker:present:right']],
  ['Apical pleural callosities on both sides.', ['pleural thickening:present:bilateral']],
  ['Right hemidiaphragm in high position.', ['elevated hemidiaphragm:present:right']],
  ['Space-occupying lesion in the left hilum, 5 cm.', ['mass:present:left']],
  ['Small pulmonary focus in the right upper lobe.', ['nodule:present:right']],
  ['Several calcified foci in the left upper zone, old.', ['granuloma:present:left']],
  ['Osteochondrosis of the thoracic spine with spondylophytes.', ['degenerative changes:present']],
  ['Mantle pneumothorax on the left.', ['pneumothorax:present:left']],
  ['The heart is broadened.', ['cardiomegaly:present']],
  ['Berlin Heart cannulas in place.', ['lvad:present']],
  ['Lymphangiosis carcinomatosa is possible.', ['lymphangitic carcinomatosis:uncertain']],
  ['The aortic valve region is calcified.', ['aortic valve calcification:present']],
  ['H-shaped endplate deformities of several vertebrae.', ['h-shaped vertebrae:present']],
  ['Hypoventilated areas at the left base.', ['atelectasis:present:left']],
  ['Picture of a fluid lung.', ['pulmonary edema:present:bilateral']],
  ['Serial rib fractures on the left, ribs 4 to 7.', ['rib fracture:present:left']],
  ['Venous port system from the left, tip in the SVC.', ['implanted port:present:left']],
  ['Left costodiaphragmatic recess blunted.', ['costophrenic angle blunting:present:left']],
  // the viral chest infection of children, named or as a pattern, takes its signs
  ['Peribronchial cuffing, in keeping with a viral LRTI.', ['viral lower respiratory tract infection:present']],
  ['Viral type changes.', ['viral lower respiratory tract infection:present']],
];

describe('vocabulary: fifth-session wordings and devices', () => {
  it.each(CASES)('%s', (text, expected) => {
    expect(seen(text)).toEqual(expected);
  });
});

describe('courses written in European English', () => {
  it('an almost resolved or a regressive finding is still there, a completely regressive one is not', () => {
    expect(one('The interstitial oedema is almost resolved.', 'pulmonary edema')).toMatchObject({ status: 'present', temporal: 'improved' });
    expect(one('Effusion on the left, regressive.', 'pleural effusion')).toMatchObject({ status: 'present', temporal: 'decreased' });
    expect(one('The previously seen nodule is completely regressive.', 'nodule')?.status).toBe('absent');
    expect(one('Complete regression of the right effusion.', 'pleural effusion')?.status).toBe('absent');
  });

  it('a progredient finding has worsened', () => {
    expect(one('Consolidation in the right lower lobe, progredient.', 'consolidation')?.temporal).toBe('worsened');
  });
});

describe('what the new words leave alone', () => {
  it('"in keeping with a" links the interpretation to its sign as "in keeping with" does', () => {
    expect(seen('Right basal opacity, in keeping with a pneumonia.')).toEqual(['pneumonia:present:right']);
  });

  it("a child's thymus is no sail sign of a collapse", () => {
    expect(seen('Prominent thymic sail sign, normal for age.')).toEqual([]);
  });

  it('a sclerotic bone lesion stays a bone lesion', () => {
    expect(seen('Sclerotic focus in the T10 vertebral body.')).toEqual(['sclerotic bone lesion:present']);
  });

  it('a tube tip at a vertebral level is no fracture', () => {
    expect(seen('Endotracheal tube tip at T2.')).toEqual(['endotracheal tube:present']);
  });

  it('a removed drainage is absent', () => {
    expect(one('Drainage removed.', 'chest tube')?.status).toBe('absent');
  });

  it('an annuloplasty ring and a clip are no prosthetic valve', () => {
    expect(one('Mitral annuloplasty ring.', 'prosthetic valve')).toBeUndefined();
    expect(one('Mitral clip.', 'prosthetic valve')).toBeUndefined();
  });

  it('an Impella is not an LVAD', () => {
    expect(one('Impella pump across the aortic valve.', 'lvad')).toBeUndefined();
  });

  it('a sternal dehiscence is actionable, a specialist device is not', () => {
    expect(one('Sternal dehiscence.', 'sternal dehiscence')?.significance).toBe('actionable_not_urgent');
    expect(one('Epidural catheter.', 'epidural catheter')?.significance).toBe('not_actionable_not_urgent');
  });
});
