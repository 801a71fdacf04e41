/**
 * A process that writes cache entries and then ends in the way the test asks, without calling
 * flush: `exit` (process.exit), `throw` (an uncaught exception), `kill` (SIGKILL to itself once
 * its entries are readable on disk), `flush` (a normal run that flushes at the end).
 * Arguments: mode, cache dir, namespace, how many entries, key prefix (two hex digits or more).
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { DiskCache } from '../../../src/runner/cache.js';

const [mode, dir, ns, count, tag] = process.argv.slice(2) as [string, string, string, string, string];
const cache = new DiskCache(dir);
const keys = Array.from({ length: Number(count) }, (_, i) => DiskCache.key(`${tag}:${i}`));
keys.forEach((k, i) => cache.set(ns, k, { value: i / keys.length, details: { i, tag, pad: 'x'.repeat(i % 300) } }));

function onDisk(): number {
  let text = '';
  try {
    for (const f of readdirSync(path.join(dir, ns))) text += readFileSync(path.join(dir, ns, f), 'utf8');
  } catch {
    return 0;
  }
  return keys.filter((k) => text.includes(`"k":"${k}"`)).length;
}

if (mode === 'exit') process.exit(0);
if (mode === 'throw') throw new Error('crashed on purpose');
if (mode === 'kill') {
  const poll = () => (onDisk() === keys.length ? process.kill(process.pid, 'SIGKILL') : setTimeout(poll, 5));
  poll();
}
if (mode === 'flush') void cache.flush().then((failures) => process.stdout.write(JSON.stringify(failures)));
