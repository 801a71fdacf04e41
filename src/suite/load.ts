import path from 'node:path';
import { glob } from 'glob';
import { isObject, readYamlFile, zodProblems } from '../cases/yaml-file.js';
import type { Problem } from '../cases/problem.js';
import { SuiteSchema, type Suite } from './schema.js';

/** Loads one suite file; problems carry `file:line:col`. */
export async function loadSuite(file: string, display: string): Promise<{ suite?: Suite; problems: Problem[] }> {
  const { data, at, problems } = await readYamlFile(file, display, 'suite file');
  if (problems.length > 0) return { problems };
  if (!isObject(data)) return { problems: [at([], 'a suite file is a mapping with name, cases and metrics')] };
  const parsed = SuiteSchema.safeParse(data);
  if (!parsed.success) return { problems: zodProblems(parsed.error, at, [], data, SuiteSchema) };
  const metricAt = Object.fromEntries(parsed.data.metrics.map((id, i) => {
    const { file: f, line, column } = at(['metrics', i], '');
    return [id, { file: f, line, column }];
  }));
  return { suite: { ...parsed.data, file, dir: path.dirname(file), metricAt }, problems: [] };
}

/** Suite files in a folder, sorted. */
export async function findSuiteFiles(dir: string): Promise<string[]> {
  return (await glob('*.{yaml,yml,json}', { cwd: dir, absolute: true, nodir: true })).sort();
}
