/**
 * MAIRA-2 grounded reports (METRICS §6): a sequence of `<obj>phrase<box><xA><yB><xC><yD></box></obj>`
 * items. Coordinates are bins 0..99 of the centre-cropped square; a bin k stands for (k+0.5)/100.
 * A phrase with no box is ungrounded. CSEval keeps only grounded phrases (the paper's §3.2.2);
 * free text from a model without grounding is used whole.
 */

/** A box as fractions of the centre-cropped square: [x1, y1, x2, y2]. */
export type Box = [number, number, number, number];

export interface GroundedPhrase {
  text: string;
  boxes: Box[];
}

export interface GroundedParse {
  /** Whether the text uses the grounded format at all (contains `<obj>`). */
  grounded: boolean;
  phrases: GroundedPhrase[];
  /** Malformed boxes and stray tags, for the metric's details. */
  warnings: string[];
}

const OBJ = /<obj>([\s\S]*?)<\/obj>/g;
const BOX = /<box>([\s\S]*?)<\/box>/g;
const COORD = /<([xy])(\d{1,2})>/g;

/** The value a coordinate bin stands for: (k + 0.5) / 100. */
export const binValue = (k: number): number => (k + 0.5) / 100;

const clean = (s: string): string => s.replace(/<\/?(obj|box)>|<[xy]\d+>/g, ' ').replace(/\s+/g, ' ').trim();

function parseBox(inner: string, warnings: string[]): Box | undefined {
  const coords = [...inner.matchAll(COORD)].map((m) => ({ axis: m[1]!, k: Number(m[2]) }));
  const axes = coords.map((c) => c.axis).join('');
  if (coords.length !== 4 || axes !== 'xyxy') {
    warnings.push(`malformed box "<box>${inner}</box>" (expected <xA><yB><xC><yD>)`);
    return undefined;
  }
  return coords.map((c) => binValue(c.k)) as Box;
}

/** Splits ungrounded free text (outside any `<obj>`) into sentences. */
function sentences(text: string): string[] {
  return (text.match(/[^.!?]+[.!?]*/g) ?? []).map((s) => s.trim()).filter((s) => s.length > 0);
}

/** Parses a report that may use MAIRA-2's grounded format. */
export function parseGrounded(text: string): GroundedParse {
  const warnings: string[] = [];
  if (!/<obj>/.test(text)) return { grounded: false, phrases: sentences(text).map((t) => ({ text: t, boxes: [] })), warnings };
  const phrases: GroundedPhrase[] = [];
  let last = 0;
  for (const m of text.matchAll(OBJ)) {
    const outside = clean(text.slice(last, m.index));
    if (outside) for (const s of sentences(outside)) phrases.push({ text: s, boxes: [] });
    last = m.index + m[0].length;
    const inner = m[1]!;
    const boxes: Box[] = [];
    for (const b of inner.matchAll(BOX)) {
      const box = parseBox(b[1]!, warnings);
      if (box) boxes.push(box);
    }
    const phrase = clean(inner.replace(BOX, ' '));
    if (phrase) phrases.push({ text: phrase, boxes });
  }
  const rest = text.slice(last);
  if (/<obj>/.test(rest)) warnings.push('unclosed <obj> (the reply may have been cut off)');
  const tail = clean(rest);
  if (tail) for (const s of sentences(tail)) phrases.push({ text: s, boxes: [] });
  return { grounded: true, phrases, warnings };
}

/** The findings text CSEval scores, and what was dropped. */
export interface SelectedFindings {
  text: string;
  grounded: boolean;
  kept: number;
  dropped: number;
  warnings: string[];
}

/**
 * The text to score: for grounded output with `groundedOnly` (the paper's setting), only the
 * phrases with at least one box; otherwise every phrase. Phrases are joined with a space, each
 * ending in a full stop so the extractor sees sentence boundaries.
 */
export function selectFindings(text: string, options: { groundedOnly?: boolean } = {}): SelectedFindings {
  const parsed = parseGrounded(text);
  const onlyGrounded = parsed.grounded && (options.groundedOnly ?? true);
  const kept = onlyGrounded ? parsed.phrases.filter((p) => p.boxes.length > 0) : parsed.phrases;
  const joined = kept.map((p) => (/[.!?]$/.test(p.text) ? p.text : `${p.text}.`)).join(' ');
  return { text: joined, grounded: parsed.grounded, kept: kept.length, dropped: parsed.phrases.length - kept.length, warnings: parsed.warnings };
}
