/** The process's cache appender: settleAll waits for every queued line, whichever cache queued it. */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appender } from '../../../src/runner/cache/appender.js';
import { tempDir } from '../_helpers.js';

describe('appender.settleAll', () => {
  it('resolves only once every queued line of every file is on disk', async () => {
    const dir = await tempDir();
    const files = ['a', 'b', 'c'].map((n) => path.join(dir, n, 'x.jsonl'));
    for (const [i, f] of files.entries()) for (let k = 0; k < 50; k++) appender.append(f, `${i}:${k}\n`, () => undefined);
    await appender.settleAll();
    for (const [i, f] of files.entries()) {
      expect(existsSync(f)).toBe(true);
      expect(readFileSync(f, 'utf8').split('\n').filter(Boolean)).toHaveLength(50);
      expect(readFileSync(f, 'utf8').startsWith(`${i}:0\n`)).toBe(true);
    }
  });
});
