/**
 * "Swan-Ganz catheter via a right IJ sheath, tip in the right pulmonary artery": a sheath named as
 * the way another catheter went in is that catheter's access route, not a line of its own. Its side
 * is the catheter's side, and the tip or placement stated after it are the catheter's.
 */
import { F, type FindingInfo, type Item, type Mention } from './types.js';

const SHEATH = /\b(?:sheath|introducer|cordis)\b/;
const VIA = new Set(['via', 'through', 'thru']);

/** Sheath mentions that are the route of the device named before them (sheath -> device); absorbed in place. */
export function sheathRoutes(items: readonly Item[], mentions: readonly Mention[], info: ReadonlyMap<string, FindingInfo>): Map<Mention, Mention> | undefined {
  let out: Map<Mention, Mention> | undefined;
  for (const m of mentions) {
    if (m.name !== 'central venous catheter' || m.kind !== 'term' || !SHEATH.test(items[m.b]!.text)) continue;
    let device: Mention | undefined;
    for (const d of mentions) if (d !== m && d.b < m.a && m.a - d.b <= 6 && info.get(d.name)!.device && (!device || d.b > device.b)) device = d;
    if (!device || device.name === m.name) continue;
    let via = false;
    for (let j = device.b + 1; j < m.a; j++) {
      if (items[j]!.flags & F.CLAUSE) via = false;
      else if (VIA.has(items[j]!.text)) via = true;
    }
    if (!via) continue;
    m.absorbed = true;
    (out ??= new Map()).set(m, device);
  }
  return out;
}

/** The device a route's sides go to once attributes are attached. */
export function giveRouteSides(routes: ReadonlyMap<Mention, Mention> | undefined): void {
  if (!routes) return;
  for (const [sheath, device] of routes) if (!device.lats.length) device.lats = [...sheath.lats];
}
