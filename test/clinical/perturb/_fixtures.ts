/** A small report shared by the operator tests. */
import type { RenderableFinding } from '../../../src/clinical/render/index.js';

export const EFFUSION: RenderableFinding = { name: 'pleural effusion', status: 'present', probability: 3, severity: 'mild', laterality: 'left' };
export const NODULE: RenderableFinding = {
  name: 'nodule', status: 'present', probability: 3, laterality: 'right', location: ['upper lobe'], measurementMm: 8,
};
export const NO_PTX: RenderableFinding = { name: 'pneumothorax', status: 'absent' };
export const CARDIOMEGALY: RenderableFinding = { name: 'cardiomegaly', status: 'uncertain', probability: 2 };
export const REPORT = { findings: [EFFUSION, NODULE, NO_PTX, CARDIOMEGALY], seed: 11 };
