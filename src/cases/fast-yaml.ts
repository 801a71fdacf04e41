import yaml from 'js-yaml';

/**
 * The fast path for case files: js-yaml (about 10x faster than `yaml` on case files) with a
 * listener that records where each mapping starts. It yields data and start positions only;
 * a file with any problem is re-read by the thorough `yaml` path, whose node ranges give
 * every message its exact line and column. Both use the YAML 1.2 core schema (no
 * timestamps, no `yes`/`no` booleans) and reject duplicate keys, so they read data alike.
 */
export function parseFast(text: string): { data: unknown; startOf(node: object): { line: number; column: number } | undefined } {
  const starts = new WeakMap<object, { line: number; column: number }>();
  const open: { line: number; column: number }[] = [];
  const data: unknown = yaml.load(text, {
    schema: yaml.CORE_SCHEMA,
    listener(event, state) {
      if (event === 'open') open.push({ line: state.line + 1, column: state.position - state.lineStart + 1 });
      else {
        const at = open.pop();
        if (at && state.result && typeof state.result === 'object' && !starts.has(state.result)) starts.set(state.result as object, at);
      }
    },
  });
  return { data, startOf: (node) => starts.get(node) };
}
