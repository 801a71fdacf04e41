/** XML escaping that survives anything a metric or a case may contain. */

// Characters XML 1.0 cannot hold at all, not even as references: C0 controls other than
// tab/newline/return, U+FFFE/U+FFFF, and unpaired surrogates.
const INVALID = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

function visible(ch: string): string {
  const code = ch.charCodeAt(0);
  // controls become readable escapes (`\u001b`), the rest the replacement character
  return code < 0x20 ? `\\u${code.toString(16).padStart(4, '0')}` : '\uFFFD';
}

/** Text content: `&`, `<`, `>` escaped, `\r` kept as a reference, invalid characters made visible. */
export function xmlText(s: string): string {
  return s
    .replace(INVALID, visible)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** Attribute values: as text, plus quotes, and whitespace kept through normalisation. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

/** `<name a="1" b="2"` from ordered pairs; undefined values are left out. */
export function attrs(pairs: [string, string | number | undefined][]): string {
  return pairs
    .filter((p): p is [string, string | number] => p[1] !== undefined)
    .map(([k, v]) => ` ${k}="${xmlAttr(String(v))}"`)
    .join('');
}
