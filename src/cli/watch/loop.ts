import { existsSync, watch, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { CliIO } from '../io.js';
import type { SelectionFlags } from '../options.js';
import { affectedBy, watchedFiles } from './affected.js';
import { projectFiles, type ProjectFiles } from './project.js';

/** One run of the selection, limited to some case files when given; resolves to its exit code. */
export type RunOnce = (extra: { caseFiles?: ReadonlySet<string> }) => Promise<number>;

/** Quiet time after the last file event before a re-run (an editor's save is several events). */
const SETTLE_MS = 120;

/**
 * `run --watch`: runs once, then watches the folders of every case file, suite file, the config
 * and module metric files (non-recursive `fs.watch` on folders, so an editor's atomic save, a
 * rename, is seen as well as an in-place write) and re-runs the cases a change affects
 * (watch/affected.ts). SIGINT or SIGTERM stops watching (during a run, after the run has
 * written its reports); resolves to the last run's exit code.
 */
export async function watchRuns(flags: SelectionFlags, io: CliIO, runOnce: RunOnce, first: { caseFiles?: ReadonlySet<string> } = {}): Promise<number> {
  let code = await runOnce(first);
  let project: ProjectFiles = await projectFiles(io.cwd, flags);
  const watchers = new Map<string, FSWatcher>();
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;
  let done!: (code: number) => void;
  const finished = new Promise<number>((resolve) => (done = resolve));

  const sync = () => {
    const { files, dirs } = watchedFiles(project);
    for (const [dir, w] of watchers) if (!dirs.has(dir)) (w.close(), watchers.delete(dir));
    for (const dir of dirs) {
      if (watchers.has(dir) || !existsSync(dir)) continue;
      try {
        const w = watch(dir, { persistent: true }, (_event, name) => name && onEvent(path.join(dir, name.toString())));
        w.on('error', () => (w.close(), watchers.delete(dir)));
        watchers.set(dir, w);
      } catch {
        // a folder that vanished between the check and the watch: the next sync retries
      }
    }
    return files.size;
  };
  const waiting = () => io.stderr.write(`metric-suite: watching ${sync()} files for changes (Ctrl-C to stop)\n`);
  const stop = () => {
    stopped = true;
    clearTimeout(timer);
    if (running) return; // the run ends first (its own handler lets requests in flight finish)
    for (const w of watchers.values()) w.close();
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    done(code);
  };
  const onEvent = (file: string) => {
    if (stopped) return;
    pending.add(file);
    clearTimeout(timer);
    timer = setTimeout(() => void flush(), SETTLE_MS);
  };
  const flush = async () => {
    if (running || stopped || pending.size === 0) return;
    running = true;
    const changed = [...pending];
    pending.clear();
    const known = new Set(project.suites.flatMap((s) => s.caseFiles));
    project = await projectFiles(io.cwd, flags); // new case files, edited globs
    // a case file that appeared with its folder (one event, for the folder) counts as changed
    for (const s of project.suites) for (const f of s.caseFiles) if (!known.has(f)) changed.push(f);
    const affected = affectedBy(changed, project);
    if (affected.kind !== 'none') {
      const what = affected.kind === 'all' ? 'every case' : `${affected.caseFiles.size} case file${affected.caseFiles.size === 1 ? '' : 's'}`;
      io.stderr.write(`\nmetric-suite: ${affected.why}: re-running ${what}\n`);
      code = await runOnce(affected.kind === 'cases' ? { caseFiles: affected.caseFiles } : {});
      project = await projectFiles(io.cwd, flags);
    }
    running = false;
    if (stopped) return stop();
    if (affected.kind !== 'none') waiting();
    else sync();
    if (pending.size > 0) void flush();
  };

  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  waiting();
  return finished;
}
