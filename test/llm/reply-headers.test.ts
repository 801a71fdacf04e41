import { describe, expect, it } from 'vitest';
import { ReplyHeaders } from '../../src/llm/reply-headers.js';

describe('ReplyHeaders (Headers-compatible view of node rawHeaders)', () => {
  const raw = ['Content-Type', 'application/json', 'X-Request-Id', 'r1', 'Set-Cookie', 'a=1', 'set-cookie', 'b=2', 'Vary', 'Accept', 'vary', 'Origin', 'Retry-After', '3'];
  it('reads like the WHATWG Headers built from the same list', () => {
    const ours = new ReplyHeaders(raw);
    const web = new Headers();
    for (let i = 0; i < raw.length; i += 2) web.append(raw[i]!, raw[i + 1]!);
    for (const name of ['content-type', 'X-REQUEST-ID', 'set-cookie', 'vary', 'retry-after', 'missing']) {
      expect(ours.get(name)).toBe(web.get(name));
      expect(ours.has(name)).toBe(web.has(name));
    }
    expect([...ours.entries()]).toEqual([...web.entries()]);
    expect([...ours]).toEqual([...web]);
    expect([...ours.keys()]).toEqual([...web.keys()]);
    expect([...ours.values()]).toEqual([...web.values()]);
    expect(ours.getSetCookie()).toEqual(web.getSetCookie());
    const seen: string[] = [];
    ours.forEach((v, k) => seen.push(`${k}=${v}`));
    const expected: string[] = [];
    web.forEach((v, k) => expected.push(`${k}=${v}`));
    expect(seen).toEqual(expected);
    expect(new Headers(ours as unknown as Headers).get('x-request-id')).toBe('r1');
  });

  it('reads the same from the raw Buffers undici hands its handlers (values as UTF-8)', () => {
    const buffers = [...raw, 'X-Note', 'café'].map((x) => Buffer.from(x, 'utf8'));
    const fromBuffers = new ReplyHeaders(buffers);
    const fromStrings = new ReplyHeaders([...raw, 'X-Note', 'café']);
    expect([...fromBuffers.entries()]).toEqual([...fromStrings.entries()]);
    expect(fromBuffers.get('x-note')).toBe('café');
    expect(fromBuffers.getSetCookie()).toEqual(['a=1', 'b=2']);
  });
});
