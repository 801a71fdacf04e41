import { neutralise } from '../util/neutralise.js';
import type { Reporter, ReporterFactory } from './reporter.js';

/**
 * A reporter factory whose hooks see case text neutralised (src/util/neutralise.ts): for the
 * reporters that write to a terminal or a CI log. File formats escape on their own.
 */
export function neutralised(factory: ReporterFactory): ReporterFactory {
  return (options) => {
    const inner: Reporter = factory(options);
    const out: Reporter = {};
    for (const hook of ['onRunStart', 'onCaseResult', 'onLawResult', 'onRunEnd'] as const) {
      const fn = inner[hook] as ((arg: unknown) => void | Promise<void>) | undefined;
      if (fn) (out as Record<string, unknown>)[hook] = (arg: unknown) => fn.call(inner, neutralise(arg));
    }
    return out;
  };
}
