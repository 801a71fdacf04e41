/**
 * A stated cardiothoracic ratio ("CTR 0.58", "cardiothoracic ratio of 62 %", "increased CTR") is a statement about heart
 * size in the words of practices that measure it (common in Asian, Australian and European reports): above 0.5 the heart
 * is enlarged, at or below it the heart is normal. A sentence that already names the heart's size says it in words and
 * keeps them.
 */
import type { Finding, Severity } from '../model.js';

const NAME = String.raw`(?:cardio[- ]?thoracic ratio|c\.?t\.?r\.?)`;
/** The ratio as a fraction or a percentage, after a few linking words ("CTR is approximately 0.6", "CTR: 55%"). */
const STATED = new RegExp(String.raw`\b${NAME}(?:\s*(?:is|of|was|measures|measuring|approximately|approx\.?|about|around|~|=|:|>|<))*\s*(0?\.\d{1,2}|[1-9]\d(?:\.\d)?\s?%)`, 'i');
const HIGH = String.raw`(?:increased|enlarged|raised|elevated|high|widened)`;
const WORDED = new RegExp(String.raw`\b${HIGH}\s+${NAME}(?![a-z])|\b${NAME}\s+(?:is\s+|was\s+)?${HIGH}\b`, 'i');

/** Grades by ratio in the usual steps of those practices: up to 0.55 mild, up to 0.60 moderate, beyond severe. */
function grade(ratio: number): Severity {
  return ratio <= 0.55 ? 'mild' : ratio <= 0.6 ? 'moderate' : 'severe';
}

/** The heart-size finding a sentence [start, end) states by its cardiothoracic ratio, if it does. */
export function heartRatioFinding(text: string, start: number, end: number, sentence: number): Finding | undefined {
  const s = text.slice(start, end);
  const stated = STATED.exec(s);
  if (stated) {
    const raw = stated[1]!;
    const ratio = raw.includes('%') ? Number.parseFloat(raw) / 100 : Number.parseFloat(raw);
    if (!(ratio > 0.2 && ratio < 0.9)) return undefined;
    const span: [number, number] = [start + stated.index, start + stated.index + stated[0].length];
    return ratio > 0.5
      ? { id: '', name: 'cardiomegaly', status: 'present', probability: 3, severity: grade(ratio), sentence, span }
      : { id: '', name: 'cardiomegaly', status: 'absent', sentence, span };
  }
  const worded = WORDED.exec(s);
  if (!worded) return undefined;
  return { id: '', name: 'cardiomegaly', status: 'present', probability: 3, sentence, span: [start + worded.index, start + worded.index + worded[0].length] };
}
