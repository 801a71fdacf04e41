/**
 * End to end: the html report of a sample run, loaded by headless Chromium (Debian's
 * `chromium` package) with its script run; the dumped DOM must have the expected elements.
 * The plots: a copy of the page measures each SVG's layout box (a script appended by the
 * test), then a screenshot at the same window size must show ink in the palette's colours
 * inside every box (decoded with the small PNG reader of _fixtures/png.ts).
 * Skipped, saying why, when chromium is not installed (.ci/run tries to install it).
 * Generous timeouts: Chromium starts slowly on a loaded machine.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createHtmlReporter } from '../../reporters/html.js';
import { renderHtml } from '../../reporters/html.js';
import { PALETTE } from '../../reporters/_internals/svg.js';
import type { CaseResult } from '../../src/runner/results.js';
import { decodePng, regionStats } from './_fixtures/png.js';
import { preferenceReport } from './_fixtures/preference-report.js';
import { runReporter, sampleReport } from './_fixtures/sample-report.js';

const CHROMIUM = process.env.METRIC_SUITE_CHROMIUM ?? '/usr/bin/chromium';
const missing = !existsSync(CHROMIUM);
if (missing) {
  console.warn(`html.browser.test: skipped, ${CHROMIUM} is not installed (apt-get install -y chromium; .ci/run tries it)`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'metric-suite-html-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const WINDOW = { width: 1280, height: 3200 };

function chromium(file: string, output: string[]): Promise<string> {
  const args = (profile: string) => [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-dev-shm-usage',
    '--hide-scrollbars',
    '--force-device-scale-factor=1',
    `--window-size=${WINDOW.width},${WINDOW.height}`,
    `--user-data-dir=${profile}`,
    ...output,
    pathToFileURL(file).href,
  ];
  const once = (): Promise<string> =>
    new Promise((resolve, reject) => {
      // a fresh profile each try: a crashed browser leaves its lock behind
      execFile(CHROMIUM, args(mkdtempSync(path.join(dir, 'profile-'))), { timeout: 120_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
        if (err) reject(new Error(`chromium failed: ${err.message}\n${stderr}`));
        else resolve(stdout);
      });
    });
  // a browser that dies or times out on a loaded machine gets one more try; assertions never do
  return once().catch(() => once());
}

const dumpDom = (file: string): Promise<string> => chromium(file, ['--dump-dom']);

describe(`html report in headless Chromium${missing ? ` (skipped: ${CHROMIUM} is not installed)` : ''}`, () => {
  it.skipIf(missing)('loads the page, runs its script and shows the heat-map, cases, gates and laws', { timeout: 300_000 }, async () => {
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
    // per-case details, the failing filter applied by the script: two cases fail their gate, the
    // passing case and the one whose miss is within its gate are hidden
    const cases = dom.match(/<details class="case[^"]*"[^>]*data-case-id="[^"]*"/g) ?? [];
    expect(cases).toHaveLength(4);
    expect(dom).toMatch(/<details class="case hidden" id="case-ok-all-pass" data-case-id="ok\/all-pass"/);
    expect(dom).toMatch(/<details class="case hidden" id="case-laterality-s-score-left-effusion" [^>]*data-status="tolerated"/);
    expect(dom).toContain('data-case-id="laterality/effusion-side"');
    expect(dom).toMatch(/<span id="visible-count">2<\/span>/);
    expect(dom).toMatch(/<button type="button" data-filter="failing" aria-pressed="true">/);
    expect(dom).toContain('<del>left</del><ins>right</ins>');
    // gates and laws
    expect(dom.match(/<tr class="gate"/g)).toHaveLength(sampleReport.gates.length);
    expect(dom).toContain('data-law="negation-lowers-score"');
  });

  it.skipIf(missing)('renders the plots: laid-out SVG boxes with bars, and ink of the palette in each box of a screenshot', { timeout: 600_000 }, async () => {
    const image = (caseId: string, finding: string, metric: string, scores: Record<string, number>): CaseResult => ({
      suite: 'images', caseId, kind: 'image', capability: 'image-content', tags: [`finding:${finding}`], metric, verdict: 'pass', scores, expectations: [],
    });
    const images = ['cardiomegaly', 'effusion', 'pneumothorax'].flatMap((f, i) => [
      image(`img/${f}`, f, 'rouge-l', { s0: 0.2 + 0.3 * i, s1: 0.3 + 0.2 * i }),
      image(`img/${f}`, f, 'crimson:lexicon', { s0: 0.9 - 0.3 * i, s1: 0.7 - 0.2 * i }),
    ]);
    const html = renderHtml({ ...preferenceReport, results: [...preferenceReport.results, ...images] });
    // the measuring copy: the report itself plus a script that records each plot's layout box
    const measure = `<script>document.documentElement.setAttribute('data-boxes', JSON.stringify(Array.prototype.map.call(document.querySelectorAll('figure.plot svg'), function (s) {
      var r = s.getBoundingClientRect();
      var marks = Array.prototype.filter.call(s.querySelectorAll('.bar, .point'), function (b) { var bb = b.getBBox(); return bb.width > 0 && bb.height > 0; }).length;
      return { plot: s.closest('figure').getAttribute('data-plot'), x: r.left + window.scrollX, y: r.top + window.scrollY, w: r.width, h: r.height, marks: marks };
    })));</script>`;
    const page = path.join(dir, 'plots.html');
    const measured = path.join(dir, 'plots-measured.html');
    writeFileSync(page, html);
    writeFileSync(measured, html.replace('</body>', `${measure}</body>`));

    const dom = await dumpDom(measured);
    expect(dom).toMatch(/<html[^>]*data-ready="true"/);
    const attr = dom.match(/data-boxes="([^"]*)"/)?.[1];
    expect(attr, 'the measuring script ran').toBeDefined();
    const boxes = JSON.parse(attr!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as { plot: string; x: number; y: number; w: number; h: number; marks: number }[];
    // distributions of the 4 capabilities with scores ((none), image-content, laterality, negation), the agreement chart, the finding chart
    expect(boxes.map((b) => b.plot).sort()).toEqual(['agreement', 'distribution', 'distribution', 'distribution', 'distribution', 'findings']);
    for (const b of boxes) {
      expect(b.w, `${b.plot} width`).toBeGreaterThan(100);
      expect(b.h, `${b.plot} height`).toBeGreaterThan(50);
      expect(b.marks, `${b.plot}: bars or points with a size`).toBeGreaterThan(0);
      expect(b.y + b.h, `${b.plot} inside the screenshot`).toBeLessThan(WINDOW.height);
    }
    expect(boxes.find((b) => b.plot === 'findings')!.marks).toBe(6);

    const shot = path.join(dir, 'plots.png');
    await chromium(page, [`--screenshot=${shot}`]);
    const png = decodePng(readFileSync(shot));
    expect([png.width, png.height]).toEqual([WINDOW.width, WINDOW.height]);
    const palette = PALETTE.slice(0, 3).map((hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number]);
    for (const b of boxes) {
      const stats = regionStats(png, b, palette);
      // not blank: ink, several colours, and the metrics' bar colours where the bars are
      expect(stats.inked / stats.pixels, `${b.plot}: share of inked pixels`).toBeGreaterThan(0.01);
      expect(stats.colours, `${b.plot}: distinct colours`).toBeGreaterThan(4);
      expect(stats.near.reduce((a, n) => a + n, 0), `${b.plot}: pixels in the palette's colours`).toBeGreaterThan(30);
    }
    // a blank stretch of the page (right of the narrow figures) stays white: the check can fail
    const findings = boxes.find((b) => b.plot === 'findings')!;
    const blank = regionStats(png, { x: findings.x + findings.w + 40, y: findings.y, w: 60, h: findings.h });
    expect(blank.inked).toBe(0);
  });
});
