import type { Rng } from '../../src/util/prng.js';

/** Seeded mutations of case files (fuzz.test.ts, yaml-fast.test.ts): YAML-significant tokens, byte flips, cut, swapped and repeated lines. */
export const TOKENS = ['&a ', '*a', '*missing', '!tag ', '!!binary ', '[', ']', '{', '}', ': ', '- ', '\t', "'", '"', '\n', '#', '|', '>', '? ', '<<: *a', '__proto__: x\n', 'cases: []\n', '%YAML 1.1\n', '---\n', '...\n', '\u0000', '\u001b[31m'];

export function mutate(bytes: Buffer, rnd: Rng): Buffer {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  let b = Buffer.from(bytes);
  const steps = 1 + Math.floor(rnd() * 4);
  for (let s = 0; s < steps; s++) {
    const at = Math.floor(rnd() * (b.length + 1));
    switch (Math.floor(rnd() * 7)) {
      case 0: // flip a byte (Latin-1 and invalid UTF-8 included)
        if (b.length) b[Math.min(at, b.length - 1)] = Math.floor(rnd() * 256);
        break;
      case 1: // delete a span
        b = Buffer.concat([b.subarray(0, at), b.subarray(Math.min(b.length, at + 1 + Math.floor(rnd() * 40)))]);
        break;
      case 2: // insert a YAML-significant token
        b = Buffer.concat([b.subarray(0, at), Buffer.from(pick(TOKENS)), b.subarray(at)]);
        break;
      case 3: // duplicate a line (duplicate keys, broken indentation)
      {
        const lines = b.toString('latin1').split('\n');
        const i = Math.floor(rnd() * lines.length);
        lines.splice(i, 0, (rnd() < 0.5 ? ' ' : '') + lines[i]!);
        b = Buffer.from(lines.join('\n'), 'latin1');
        break;
      }
      case 4: // truncate
        b = b.subarray(0, at);
        break;
      case 5: // deep nesting or an alias bomb
        b = Buffer.concat([b, Buffer.from(rnd() < 0.5 ? `\nx: ${'['.repeat(200 + Math.floor(rnd() * 3000))}` : '\nb0: &b0 [1,1,1,1,1,1,1,1]\nb1: &b1 [*b0,*b0,*b0,*b0,*b0,*b0,*b0,*b0]\nb2: &b2 [*b1,*b1,*b1,*b1,*b1,*b1,*b1,*b1]\nb3: [*b2,*b2,*b2,*b2,*b2,*b2,*b2,*b2]\n')]);
        break;
      default: // swap two lines
      {
        const lines = b.toString('latin1').split('\n');
        const i = Math.floor(rnd() * lines.length);
        const j = Math.floor(rnd() * lines.length);
        [lines[i], lines[j]] = [lines[j]!, lines[i]!];
        b = Buffer.from(lines.join('\n'), 'latin1');
      }
    }
  }
  return b;
}
