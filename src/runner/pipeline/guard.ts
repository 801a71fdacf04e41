/**
 * While a run is going, a stray rejection or a throw from a timer (in an in-process metric,
 * a reporter, a library) must not end the process or decide its exit code: it is reported
 * as a warning and the run goes on. Module metrics run in workers, so their strays end only
 * their worker (src/metrics/adapters/module-host.ts).
 */
export function guardProcess(warn: (message: string) => void = (m) => process.emitWarning(m)): () => void {
  const describe = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0];
  const onRejection = (e: unknown) => warn(`metric-suite: an unhandled promise rejection was ignored: ${describe(e)}`);
  const onException = (e: unknown) => warn(`metric-suite: an uncaught exception was ignored: ${describe(e)}`);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
