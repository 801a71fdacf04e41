// Runs the built CLI in-process once and prints {ms, rssMB, exit}: a fresh process per
// measurement so peak RSS belongs to this run alone.
import { main } from '../dist/src/cli/program.js';

const [dir, ...extra] = process.argv.slice(2);
const sink = { write: () => true, isTTY: false };
const t0 = performance.now();
const exit = await main(['run', '--cases', 'cases/*.yaml', '--metric', 'noop', ...extra], { stdout: sink, stderr: process.stderr, cwd: dir, env: { NO_COLOR: '1' } });
const ms = performance.now() - t0;
console.log(JSON.stringify({ ms, rssMB: process.resourceUsage().maxRSS / 1024, exit }));
