/**
 * A short, single-line, quoted excerpt of a model reply for error messages: enough to see
 * what went wrong (a refusal, prose, a cut-off object) without flooding a report.
 */
export function excerptOf(text: string | null | undefined, max = 240): string {
  if (text === null || text === undefined) return '(no content)';
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat === '') return '(empty reply)';
  if (flat.length <= max) return JSON.stringify(flat);
  const head = Math.ceil(max * 0.7);
  const tail = max - head;
  return `${JSON.stringify(flat.slice(0, head))} … ${JSON.stringify(flat.slice(-tail))} (${text.length} chars)`;
}
