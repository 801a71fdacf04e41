// One CLI run in a fresh process (peak RSS is this run's alone); prints {ms, cpuMs, rssMB, exit}.
import { main } from '../dist/src/cli/program.js';

const [dir, ...argv] = process.argv.slice(2);
const sink = { write: () => true, isTTY: false };
const t0 = performance.now();
const exit = await main(argv, { stdout: sink, stderr: process.stderr, cwd: dir, env: { NO_COLOR: '1' } });
const ms = performance.now() - t0;
const cpu = process.cpuUsage(); // this process, the metric's worker thread included
console.log(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, rssMB: process.resourceUsage().maxRSS / 1024, exit }));
