/**
 * Benchmarks (`npm run bench -- <name>`), never part of `npm test`. Each prints its figures;
 * bench/README.md records them with the machine they were measured on.
 */
import { runnerBench } from './runner.js';

const benches: Record<string, () => Promise<void>> = { runner: runnerBench };
const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of names.length ? names : Object.keys(benches)) {
  const bench = benches[name];
  if (!bench) {
    console.error(`unknown benchmark "${name}" (${Object.keys(benches).join(', ')})`);
    process.exit(2);
  }
  await bench();
}
