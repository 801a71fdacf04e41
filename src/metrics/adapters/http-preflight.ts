/**
 * Endpoint preflight for remote metrics (LLM judges, HTTP metrics): one TCP connection, a few
 * seconds at most, before any case is scored. A server that cannot be reached (connection
 * refused, unknown host, no answer in time) makes every request of the metric an `error` with
 * one clear reason at once, instead of every batch waiting for its timeout and retries. Nothing
 * is sent over the connection (no request a server would count or bill); what a listening server
 * answers is left to the metric's own requests.
 */
import net from 'node:net';
import type { Metric, ScoreOutcome, ScoreRequest } from '../contract.js';
import type { HttpSpec } from './http.js';

/** What the preflight reads of a metric's config (structurally MetricSpec; no import back into the registry). */
interface EndpointSpec {
  http?: Pick<HttpSpec, 'url'>;
  options?: Record<string, unknown>;
}

/** What it reads and replaces of a registered metric (structurally RegisteredMetric). */
interface Preflightable {
  id: string;
  metric: Metric;
  retries: number;
  unreachable?: string;
}

/** How long the preflight waits for an answer. */
export const PREFLIGHT_TIMEOUT_MS = 3_000;

/** A URL without userinfo, query or fragment, for messages (secrets never printed). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.href;
  } catch {
    return '(invalid URL)';
  }
}

/** The endpoints a metric's config names: `http.url`, and every `baseURL` / `url` string in its options (two levels deep). */
export function endpointsOf(spec: EndpointSpec): string[] {
  const found = new Set<string>();
  if (spec.http?.url) found.add(spec.http.url);
  const visit = (o: unknown, depth: number): void => {
    if (!o || typeof o !== 'object' || depth > 2) return;
    for (const [k, v] of Object.entries(o)) {
      if ((k === 'baseURL' || k === 'url') && typeof v === 'string' && v) found.add(v);
      else visit(v, depth + 1);
    }
  };
  visit(spec.options, 0);
  return [...found];
}

/** Why the endpoint cannot be reached, or undefined when something accepts connections there. */
export async function preflight(url: string, timeoutMs = PREFLIGHT_TIMEOUT_MS): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `invalid endpoint URL "${url.replace(/\/\/[^@/]*@/, '//')}"`;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return `endpoint ${displayUrl(url)} is not http(s)`;
  const shown = displayUrl(url);
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = Number(parsed.port || (parsed.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (reason: string | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(reason);
    };
    const timer = setTimeout(() => done(`no answer from ${shown} within ${timeoutMs / 1000} s`), timeoutMs);
    socket.once('connect', () => done(undefined));
    socket.once('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'ECONNREFUSED') done(`nothing is listening at ${shown} (connection refused)`);
      else if (e.code === 'ENOTFOUND' || e.code === 'EAI_AGAIN') done(`unknown host in ${shown} (${e.code})`);
      else done(`cannot reach ${shown}: ${e.code ?? e.message}`);
    });
  });
}

/**
 * The registered metric, checked: a remote metric whose endpoint cannot be reached scores
 * every request as an error with the reason, without a network call (the cache still serves
 * earlier scores). Offline runs make no request at all.
 */
export async function preflighted<R extends Preflightable>(reg: R, spec: EndpointSpec, run: { offline?: boolean } = {}): Promise<R> {
  if (!reg.metric.remote || run.offline) return reg;
  for (const url of new Set([...endpointsOf(spec), ...(reg.metric.endpoint ? [reg.metric.endpoint] : [])])) {
    const reason = await preflight(url);
    if (reason === undefined) continue;
    const message = `${reg.id}: ${reason} (endpoint preflight; no request was sent)`;
    // inherits the metric (close(), declaration); only score changes. The declaration's fields
    // are copied as own properties too: a copy made by spreading (`list`) must still see them.
    const own: Record<string, unknown> = {};
    for (const k in reg.metric) if (typeof (reg.metric as unknown as Record<string, unknown>)[k] !== 'function') own[k] = (reg.metric as unknown as Record<string, unknown>)[k];
    const metric: Metric = Object.assign(Object.create(reg.metric) as Metric, own, { score: async (requests: ScoreRequest[]): Promise<ScoreOutcome[]> => requests.map(() => ({ error: message })) });
    return { ...reg, metric, retries: 0, unreachable: message };
  }
  return reg;
}
