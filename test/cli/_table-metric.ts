import { tmpTree } from '../_support/tmp.js';

/** A module metric whose option `version` changes how it scores cases a..d (1: b, c fail; 2: a, c fail). */
const metricModule = `
const TABLE = {
  1: { 'a good': 0.9, 'a bad': 0.1, 'b good': 0.1, 'b bad': 0.9, 'c good': 0.1, 'c bad': 0.9, 'd good': 0.9, 'd bad': 0.1 },
  2: { 'a good': 0.1, 'a bad': 0.9, 'b good': 0.9, 'b bad': 0.1, 'c good': 0.2, 'c bad': 0.8, 'd good': 0.8, 'd bad': 0.2 },
};
export default (options) => ({
  id: 'mine', version: String(options.version), description: 'table', direction: 'higher', range: [0, 1],
  tieTolerance: 0, deterministic: true, inputs: ['text'], cache: false,
  score: (requests) => requests.map((r) => ({ value: TABLE[options.version][r.candidate] ?? 0 })),
});
`;
const kase = (id: string) => `id: ${id}\nkind: ranking\ncapability: laterality\nreference: reference ${id}\ncandidates: { good: ${id} good, bad: ${id} bad }\nexpect: good > bad\n`;

export const tableConfig = (version: number) => JSON.stringify({ metrics: { mine: { module: './metric.mjs', options: { version } } } });

/** A project with suite s (cases a..d, metric mine at `version`). */
export function tableProject(version = 1, extra: Record<string, string> = {}): string {
  return tmpTree({
    'package.json': '{}',
    'metric.mjs': metricModule,
    'metric-suite.config.json': tableConfig(version),
    'suites/s.yaml': 'name: s\ncases: [../cases/*.yaml]\nmetrics: [mine]\n',
    ...Object.fromEntries(['a', 'b', 'c', 'd'].map((id) => [`cases/${id}.yaml`, kase(id)])),
    ...extra,
  });
}
