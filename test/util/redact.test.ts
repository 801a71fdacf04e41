import { describe, expect, it } from 'vitest';
import { redactSecrets, redactUrl } from '../../src/util/redact.js';

describe('redactUrl / redactSecrets (issue 14, finding 7)', () => {
  it('replaces userinfo and query values', () => {
    expect(redactUrl('http://user:pass@host:8000/v1?key=abc&x=1#f')).toBe('http://***@host:8000/v1?key=***&x=***#f');
    expect(redactUrl('https://host/v1')).toBe('https://host/v1');
  });

  it('redacts every URL inside a text and leaves other text alone', () => {
    expect(redactSecrets('cannot reach http://u:p@10.0.0.1/v1: ECONNREFUSED; also https://h/?token=t')).toBe('cannot reach http://***@10.0.0.1/v1: ECONNREFUSED; also https://h/?token=***');
    expect(redactSecrets('no url here')).toBe('no url here');
  });
});
