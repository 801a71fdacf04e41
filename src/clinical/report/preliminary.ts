/**
 * A preliminary read (an overnight resident's, a radiographer's) that the final read corrects states nothing about the study
 * any more: "PRELIMINARY: Moderate left pneumothorax. ... ATTENDING ADDENDUM: I disagree with the preliminary interpretation
 * ... skin fold. No pneumothorax." has no pneumothorax. The final read restates what it keeps. An addendum that agrees
 * ("Agree with the above. Additionally, ...") leaves the preliminary read standing.
 */

/** A line that opens a preliminary read: "PRELIMINARY:", "PRELIM (resident, overnight):", "Preliminary report:". */
const PRELIMINARY = /^[ \t]*prelim(?:inary)?(?:[ \t]+(?:read|report|interpretation|findings|impression))?(?:[ \t]*\([^)\n]*\))?[ \t]*:/gim;

/** A line that opens the final read: an addendum, the attending's or the final report. */
const FINAL = /^[ \t]*(?:(?:attending|staff|consultant|radiologist)(?:'s)?[ \t]+)?(?:addendum|final(?:[ \t]+(?:read|report|interpretation))?|(?:attending|staff|consultant)[ \t]+(?:read|review|interpretation))[ \t]*:/gim;

/** Words of a final read that replaces the preliminary one rather than adding to it. */
const CORRECTS = /\b(?:disagree|correct(?:ion|ed|s)?|revis(?:ed|ion)|amend(?:ed|ment)|change in (?:the )?interpretation|supersed(?:es|ed))\b/i;

/** Character ranges [start, end) of preliminary reads that a later final read corrects. */
export function supersededReads(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const p of text.matchAll(PRELIMINARY)) {
    FINAL.lastIndex = p.index + p[0].length;
    const final = FINAL.exec(text);
    if (!final) continue;
    const next = text.slice(final.index).search(/\n[ \t]*prelim/i);
    const finalRead = next < 0 ? text.slice(final.index) : text.slice(final.index, final.index + next);
    if (CORRECTS.test(finalRead)) out.push([p.index, final.index]);
  }
  return out;
}

/** Drops the findings stated only inside a corrected preliminary read. */
export function withoutSuperseded<T extends { span: readonly [number, number] }>(findings: readonly T[], text: string): T[] {
  const ranges = supersededReads(text);
  if (!ranges.length) return [...findings];
  return findings.filter((f) => !ranges.some(([a, b]) => f.span[0] >= a && f.span[1] <= b));
}
