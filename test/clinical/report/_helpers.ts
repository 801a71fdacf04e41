import { extractFindings, type ReportFinding } from '../../../src/clinical/report/index.js';
import type { PatientContext } from '../../../src/clinical/significance.js';

/** `name:status[:side]` of the non-absent findings of a report. */
export function seen(text: string, context?: PatientContext): string[] {
  return extractFindings(text, context ? { context } : {})
    .filter((f) => f.status !== 'absent')
    .map((f) => [f.name, f.status, f.side].filter(Boolean).join(':'));
}

/** The first finding named `name`. */
export function one(text: string, name: string, context?: PatientContext): ReportFinding | undefined {
  return extractFindings(text, context ? { context } : {}).find((f) => f.name === name);
}
