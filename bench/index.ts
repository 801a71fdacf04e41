/**
 * Benchmarks (`npm run bench -- <name>`), never part of `npm test`. Each prints its figures;
 * bench/README.md records them with the machine they were measured on. A benchmark is either
 * listed here or is a file `bench/<name>.bench.ts` whose default export runs it.
 */
import { readdirSync } from 'node:fs';
import { extractorBench } from './extractor.js';
import { runnerBench } from './runner.js';

const benches: Record<string, () => Promise<void>> = { runner: runnerBench, extractor: extractorBench };
for (const file of readdirSync(import.meta.dirname).filter((f) => f.endsWith('.bench.ts')).sort()) {
  const name = file.replace(/\.bench\.ts$/, '');
  benches[name] = async () => ((await import(`./${file}`)) as { default: () => Promise<void> }).default();
}
const names = process.argv.slice(2).filter((a) => !a.startsWith('-'));
for (const name of names.length ? names : Object.keys(benches)) {
  const bench = benches[name];
  if (!bench) {
    console.error(`unknown benchmark "${name}" (${Object.keys(benches).join(', ')})`);
    process.exit(2);
  }
  await bench();
}
