// npm pack / npm publish: the packed package.json has no `prepare` script. A clone needs it
// (`npm ci` builds dist/ through it), an installed package does not (it ships dist/ built), and
// npm 11 lists it as an install script to approve (`install-scripts not yet covered by
// allowScripts`) when the package is installed from a tarball. `prepack` strips it after the
// build, `postpack` puts package.json back byte for byte (the pinst pattern).
// Usage: node scripts/pack-manifest.mjs strip|restore [dir]
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const [mode, dir = '.'] = process.argv.slice(2);
const manifest = path.join(dir, 'package.json');
const saved = path.join(dir, '.package.json.before-pack');

if (mode === 'strip') {
  // a pack that failed before postpack left the saved copy: it is the real manifest
  if (existsSync(saved)) renameSync(saved, manifest);
  const text = readFileSync(manifest, 'utf8');
  const json = JSON.parse(text);
  writeFileSync(saved, text);
  delete json.scripts?.prepare;
  writeFileSync(manifest, `${JSON.stringify(json, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(saved)) renameSync(saved, manifest);
} else {
  console.error('usage: node scripts/pack-manifest.mjs strip|restore [dir]');
  process.exit(2);
}
