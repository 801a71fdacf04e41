/**
 * Secrets inside URLs (a password in `http://user:pass@host`, a key in `?api_key=...`) must
 * not reach a message or a report: the userinfo and every query value are replaced by `***`.
 */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>`]+/gi;

/** One URL with its userinfo and query values redacted (unparseable text is returned as it is). */
export function redactUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, '$1***@');
  }
  if (!u.username && !u.password && !u.search) return url;
  const auth = u.username || u.password ? '***@' : '';
  const query = u.search ? `?${[...u.searchParams.keys()].map((k) => `${encodeURIComponent(k)}=***`).join('&')}` : '';
  return `${u.protocol}//${auth}${u.host}${u.pathname}${query}${u.hash}`;
}

/** Every URL in a text redacted; text without `://` is returned untouched (the common case, cheaply). */
export function redactSecrets(text: string): string {
  return text.includes('://') ? text.replace(URL_IN_TEXT, redactUrl) : text;
}
