/**
 * What upstream's `_calculate_crimson` does with a parsed reply, in Python's terms, before any
 * arithmetic: `.get(key, default)` (a missing top-level key is an empty list), iteration
 * (a dict iterates its keys, a string its characters), `x["id"]` (KeyError), dict keys
 * (unhashable lists/dicts raise TypeError; `True == 1` and `1 == 1.0` but `1 != "1"`), and
 * `"location" in error_types`. The result is either the exception upstream would raise
 * (then upstream's scripts ask again) or an evaluation in which JavaScript's equality
 * agrees with Python's, ready for computeCrimsonScore (the same formula, bit for bit).
 * Labels are NOT normalised: "Benign expected" is an unknown label and weighs 0.25, as upstream.
 */
import type { CrimsonEvaluationInput } from '../score.js';

/** The exception upstream would raise, e.g. `KeyError: 'id'`. */
export class PyException extends Error {
  override readonly name = 'PyException';
}

const isDict = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const typeName = (x: unknown): string =>
  x === null ? 'NoneType' : Array.isArray(x) ? 'list' : typeof x === 'string' ? 'str' : typeof x === 'boolean' ? 'bool' : typeof x === 'number' ? (Number.isInteger(x) ? 'int' : 'float') : 'dict';

function get(d: unknown, key: string, fallback: unknown): unknown {
  if (!isDict(d)) throw new PyException(`AttributeError: '${typeName(d)}' object has no attribute 'get'`);
  return Object.hasOwn(d, key) ? d[key] : fallback;
}

function iterate(x: unknown): unknown[] {
  if (Array.isArray(x)) return x;
  if (typeof x === 'string') return [...x];
  if (isDict(x)) return Object.keys(x);
  throw new PyException(`TypeError: '${typeName(x)}' object is not iterable`);
}

function subscript(d: unknown, key: string): unknown {
  if (typeof d === 'string' || Array.isArray(d)) throw new PyException(`TypeError: ${typeName(d)} indices must be integers or slices, not str`);
  if (!isDict(d)) throw new PyException(`TypeError: '${typeName(d)}' object is not subscriptable`);
  if (!Object.hasOwn(d, key)) throw new PyException(`KeyError: '${key}'`);
  return d[key];
}

/** A dict key: Python's hash equality made JavaScript's (true -> 1); unhashable values raise. */
function hashable(x: unknown): unknown {
  if (Array.isArray(x) || isDict(x)) throw new PyException(`TypeError: unhashable type: '${typeName(x)}'`);
  if (typeof x === 'boolean') return x ? 1 : 0;
  return x;
}

/** `item in container`: a list by equality, a string by substring, a dict by key. */
function contains(container: unknown, item: string): unknown[] | string {
  if (Array.isArray(container) || typeof container === 'string') return container;
  if (isDict(container)) return Object.keys(container);
  throw new PyException(`TypeError: argument of type '${typeName(container)}' is not iterable`);
}

function finding(x: unknown): { id: unknown; clinical_significance: unknown } {
  const id = hashable(subscript(x, 'id'));
  return { id, clinical_significance: hashable(get(x, 'clinical_significance', '')) };
}

/** The evaluation as upstream reads it, or the exception it would raise (PyException). */
export function readAsUpstream(raw: unknown): CrimsonEvaluationInput {
  const errors = get(raw, 'errors', {});
  const matched = iterate(get(raw, 'matched_findings', [])).map((m) => ({ ref_id: hashable(subscript(m, 'ref_id')) }));
  const references = iterate(get(raw, 'reference_findings', [])).map(finding);
  const predictions = iterate(get(raw, 'predicted_findings', [])).map(finding);
  const falseIds = iterate(get(errors, 'false_findings', [])).map(hashable);
  const missingIds = iterate(get(errors, 'missing_findings', [])).map(hashable);
  const attributeErrors = iterate(get(errors, 'attribute_errors', [])).map((e) => ({
    error_types: contains(get(e, 'error_types', []), 'location'),
    ref_id: hashable(subscript(e, 'ref_id')),
    severity: hashable(get(e, 'severity', '')),
  }));
  return {
    reference_findings: references,
    predicted_findings: predictions,
    matched_findings: matched,
    errors: { false_findings: falseIds, missing_findings: missingIds, attribute_errors: attributeErrors as never },
  };
}
