/**
 * End to end: the html report of a sample run, loaded by headless Chromium (Debian's
 * `chromium` package) with its script run; the dumped DOM must have the expected elements.
 * Skipped, saying why, when chromium is not installed (.ci/run tries to install it).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createHtmlReporter } from '../../reporters/html.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

const CHROMIUM = process.env.METRIC_SUITE_CHROMIUM ?? '/usr/bin/chromium';
const missing = !existsSync(CHROMIUM);
if (missing) {
  console.warn(`html.browser.test: skipped, ${CHROMIUM} is not installed (apt-get install -y chromium; .ci/run tries it)`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'metric-suite-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function dumpDom(file: string): Promise<string> {
  const profile = mkdtempSync(path.join(dir, 'profile-'));
  const args = [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    `--user-data-dir=${profile}`,
    '--dump-dom',
    pathToFileURL(file).href,
  ];
  return new Promise((resolve, reject) => {
    execFile(CHROMIUM, args, { timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`chromium failed: ${err.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

describe(`html report in headless Chromium${missing ? ` (skipped: ${CHROMIUM} is not installed)` : ''}`, () => {
  it.skipIf(missing)('loads the page, runs its script and shows the heat-map, cases, gates and laws', async () => {
    const file = path.join(dir, 'report.html');
    // plus one case that passes everywhere: the script's "failing" filter must hide it
    const passing = { ...sampleReport.results[1]!, caseId: 'ok/all-pass', capability: 'laterality' };
    writeFileSync(file, await runReporter(createHtmlReporter, { ...sampleReport, results: [...sampleReport.results, passing] }));
    const dom = await dumpDom(file);

    // the inline script ran
    expect(dom).toMatch(/<html[^>]*data-ready="true"/);
    // the heat-map: 3 capability rows (with (all)) × 5 metrics, coloured cells
    expect(dom).toContain('<table id="heatmap">');
    const cells = dom.match(/<td class="cell[^"]*"[^>]*data-metric="[^"]*"/g) ?? [];
    expect(cells).toHaveLength(15);
    // coloured by gate outcome: crimson:lexicon's gate holds, so its 2/3 is green
    expect(dom).toMatch(/data-tone="pass" data-capability="laterality" data-metric="crimson:lexicon" data-passed="2" data-total="3" data-pass-rate="0.6667" style="background:\s*hsl\(120, 55%, 33%\)/);
    // per-case details, the failing filter applied by the script: three cases fail, one is hidden
    const cases = dom.match(/<details class="case[^"]*"[^>]*data-case-id="[^"]*"/g) ?? [];
    expect(cases).toHaveLength(4);
    expect(dom).toMatch(/<details class="case hidden" id="case-ok-all-pass" data-case-id="ok\/all-pass"/);
    expect(dom).toContain('data-case-id="laterality/effusion-side"');
    expect(dom).toMatch(/<span id="visible-count">3<\/span>/);
    expect(dom).toMatch(/<button type="button" data-filter="failing" aria-pressed="true">/);
    expect(dom).toContain('<del>left</del><ins>right</ins>');
    // gates and laws
    expect(dom.match(/<tr class="gate"/g)).toHaveLength(sampleReport.gates.length);
    expect(dom).toContain('data-law="negation-lowers-score"');
  });
});
