// npm run build: compile into a fresh folder, then swap it in for dist/, so the package never
// ships a file an earlier build left behind (a renamed or deleted source's .js stayed in dist/
// and was packed). The old dist/ stays whole until the new one is complete: a failed compile
// leaves it as it was, and a CLI started meanwhile never sees a half-built tree.
// `--out <dir>` builds elsewhere (the test of this script); the lexicon cache step runs only
// for the package's own dist/ (scripts/lexicon-cache.mjs writes there).
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const at = process.argv.indexOf('--out');
const out = path.resolve(at > 0 ? process.argv[at + 1] : 'dist');
const next = `${out}.next`;
const old = `${out}.old`;
rmSync(next, { recursive: true, force: true });
rmSync(old, { recursive: true, force: true });

const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const compiled = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--outDir', next], { stdio: 'inherit' });
if (compiled.status !== 0) {
  rmSync(next, { recursive: true, force: true });
  process.exit(compiled.status ?? 1);
}
chmodSync(path.join(next, 'src/cli/bin.js'), 0o755);
if (existsSync(out)) renameSync(out, old);
renameSync(next, out);
rmSync(old, { recursive: true, force: true });

if (at < 0) {
  const cache = spawnSync(process.execPath, ['scripts/lexicon-cache.mjs'], { stdio: 'inherit' });
  process.exit(cache.status ?? 1);
}
