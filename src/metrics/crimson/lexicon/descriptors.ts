/** Descriptors of a finding's mention (margins, density, chronicity...): read by the clinical core, see src/clinical/descriptors.ts. */
export { descriptorsOf, phraseOf, type DescriptorAxis } from '../../../clinical/descriptors.js';
