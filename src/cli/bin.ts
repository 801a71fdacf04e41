#!/usr/bin/env node
const argv = process.argv.slice(2);
// output piped into a reader that stops early (`| head`): stop quietly, as other CLIs do, not with an EPIPE stack
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });
}
if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
  // the version alone: no commander, no command modules (what commander would print, exit 0)
  const { packageVersion } = await import('../util/package-root.js');
  process.stdout.write(`${packageVersion()}\n`);
} else {
  const { main } = await import('./program.js');
  process.exitCode = await main(argv);
}
