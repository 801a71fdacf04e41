/** Escaping for GitHub-flavoured markdown: inline text, table cells and fenced code. */

/** Inline text: markdown punctuation backslash-escaped, `<`, `>` and `&` as entities (raw HTML never renders). */
export function mdText(s: string): string {
  return s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]#|~!])/g, '\\$1')
    .replace(/\r\n?|\n/g, ' ')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Inline code: wrapped in enough backticks to hold any backticks inside. */
export function mdCode(s: string): string {
  const clean = s.replace(/\r\n?|\n/g, ' ');
  const longest = Math.max(0, ...[...clean.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = clean.startsWith('`') || clean.endsWith('`') ? ' ' : '';
  // `|` still splits table cells inside code spans in GFM
  return `${fence}${pad}${clean.replace(/\|/g, '\\|')}${pad}${fence}`;
}

/** A fenced block that no backtick run inside can close early. */
export function mdFence(body: string, info = 'text'): string {
  const longest = Math.max(0, ...[...body.matchAll(/`{3,}/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const clean = body.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `${fence}${info}\n${clean.replace(/\n+$/, '')}\n${fence}`;
}

/** A GFM table; cells are already escaped. */
export function mdTable(header: string[], rows: string[][], align?: ('l' | 'r' | 'c')[]): string[] {
  const sep = header.map((_, i) => (align?.[i] === 'r' ? '---:' : align?.[i] === 'c' ? ':---:' : '---'));
  const line = (cells: string[]): string => `| ${cells.join(' | ')} |`;
  return [line(header), line(sep), ...rows.map(line)];
}
