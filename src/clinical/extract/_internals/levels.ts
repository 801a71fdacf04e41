/**
 * Tips placed by a vertebral level (CONVENTIONS §33): neonatal films place umbilical lines and
 * airway tubes by the vertebra their tip overlies ("UVC tip at T8/9", "UAC at L3-L4", "ETT at
 * T2"). Each such device has windows where its tip belongs (findings/*.yaml `tipLevels`): a
 * UVC at the junction of the IVC and the right atrium (T8-T9), a UAC above the coeliac and
 * renal origins (T6-T9) or below them (L3-L4), an airway tube between the clavicles and the
 * carina (T1-T3). A stated level outside every window is malpositioned.
 */
import { F, type FindingInfo, type Item, type Mention } from './types.js';

/** A level as an index down the spine: C7 0, T1 1 ... T12 12, L1 13 ... L5 17. */
function spineIndex(region: string, n: number): number {
  return region === 'c' ? n - 7 : region === 't' ? n : 12 + n;
}

const LEVEL = /^([ctl])(\d{1,2})$/;

/** `T8` or `T8-T9` (a tipLevels entry) as spine indices [upper, lower]. */
export function levelRange(text: string): [number, number] {
  const [a, b = a] = text.toLowerCase().split('-') as [string, string?];
  const x = LEVEL.exec(a)!;
  const y = LEVEL.exec(b)!;
  return [spineIndex(x[1]!, Number(x[2])), spineIndex(y[1]!, Number(y[2]))];
}

/** The level at item k and, when a second one follows ("T8/9", "T8-T9", "T6/T7"), the range to it. */
function statedLevel(items: readonly Item[], k: number): [number, number] | undefined {
  const m = LEVEL.exec(items[k]!.text);
  if (!m) return undefined;
  const region = m[1]!;
  const top = spineIndex(region, Number(m[2]));
  let j = k + 1;
  if (items[j]?.text === '/' || items[j]?.text === 'to') j++;
  const next = items[j]?.text ?? '';
  const level = LEVEL.exec(next);
  const bottom = level ? spineIndex(level[1]!, Number(level[2])) : /^\d{1,2}$/.test(next) ? spineIndex(region, Number(next)) : top;
  return bottom >= top && bottom - top <= 2 ? [top, bottom] : [top, top];
}

/** Items between a device and its level that keep them together ("UVC tip at T9", "ETT projects at the level of T2"). */
const REACH = 8;

/**
 * Places each device stated at a vertebral level (in place): the nearest device before the level in the sentence that
 * has tip windows and no tip position or placement of its own takes the placement the level gives.
 */
export function placeByLevel(items: readonly Item[], mentions: readonly Mention[], info: ReadonlyMap<string, FindingInfo>): void {
  for (let k = 1; k < items.length; k++) {
    // a plain word, or a vertebra named as a statement subject ("T9" of "compression of T9")
    if (items[k]!.flags & ~(F.WORD | F.SUBJ) || !LEVEL.test(items[k]!.text)) continue;
    let device: Mention | undefined;
    for (const m of mentions) if (m.b < k && k - m.b <= REACH && info.get(m.name)!.device && (!device || m.b > device.b)) device = m;
    const windows = device && info.get(device.name)!.levels;
    if (!device || !windows || device.pos || device.place || device.status === 'absent') continue;
    const [top, bottom] = statedLevel(items, k)!;
    device.place = windows.some(([lo, hi]) => top >= lo && bottom <= hi) ? 'appropriate' : 'malpositioned';
  }
}
