/** Our one-line reading of the `yaml` package's error codes; the package's own text goes under it. */
const READINGS: Record<string, string> = {
  DUPLICATE_KEY: 'duplicate key: a key appears twice in one mapping',
  BAD_INDENT: 'the indentation is off: items of one mapping or list start at the same column',
  TAB_AS_INDENT: 'a tab indents a line: YAML indents with spaces only',
  BLOCK_AS_IMPLICIT_KEY: 'a list or mapping starts where a key was expected: check the indentation',
  BAD_DQ_ESCAPE: 'a backslash escape in "double quotes" is not valid: use single quotes or \\\\',
  MULTILINE_IMPLICIT_KEY: 'a key or list item starts where none can: check the line above for a missing ":" or indentation',
  UNEXPECTED_TOKEN: 'unexpected text: check the line above for a missing ":" or indentation',
  BAD_SCALAR_START: 'a plain value starts with a reserved character (@, `, %): put it in quotes',
  MULTIPLE_DOCS: 'more than one YAML document: a case file holds one (remove the "---" separator)',
};

/**
 * A YAML syntax error as our own one-line message plus the parser's detail (with its code frame),
 * to print under it. Only a file's first error is reported: the rest usually follow from it.
 * With the file's `text`, a hint that depends on the line (quoting a value that holds ": ") is
 * given only where the line shows it applies.
 */
export function yamlSyntaxMessage(error: { code: string; message: string; pos?: [number, number] }, text?: string): { message: string; detail: string } {
  const own = error.code === 'MISSING_CHAR'
    ? /quote/i.test(error.message)
      ? 'a quoted string is never closed: a " or \' is missing'
      : /\]|\}|flow/i.test(error.message) ? UNCLOSED_FLOW : 'a character is missing: a closing quote or bracket, or a ":" after a key'
    : error.code === 'BLOCK_AS_IMPLICIT_KEY' && /nested mappings/i.test(error.message)
      ? nestedMapping(error.pos?.[0], text)
      : /^Flow (sequence|mapping) .*end with an? [\]}]/i.test(error.message)
        ? UNCLOSED_FLOW
        : (READINGS[error.code] ?? 'the file is not valid YAML');
  return { message: `invalid YAML: ${own}`, detail: error.message.trim() };
}

const UNCLOSED_FLOW = 'a [list] or {mapping} is never closed: a ] or } is missing';

/**
 * "Nested mappings are not allowed in compact mappings", pointed at a value: a ": " in the value
 * on its own line wants quotes; one on a more-indented line below continues the value, which is
 * an indentation mistake.
 */
function nestedMapping(at: number | undefined, text: string | undefined): string {
  if (at === undefined || text === undefined) return 'a value holds an unquoted ": " (put the text in quotes), or a line below it is indented too far';
  const end = text.indexOf('\n', at);
  const rest = text.slice(at, end < 0 ? text.length : end);
  if (/:\s/.test(rest) || /:$/.test(rest)) return 'a value holds an unquoted ": ": put the text in quotes';
  return 'a line below this value is indented further than its key, so it continues the value: check the indentation';
}

/**
 * Where the quoted string the parser found unclosed opens: the parser notices at the end of the
 * file, but the mistake is at the opening quote. Scans as YAML quotes work (a quote opens only
 * where a value starts; `\\` escapes in double quotes, `''` in single; comments skipped);
 * undefined when every quote closes.
 */
export function unclosedQuoteOffset(text: string): number | undefined {
  let open: { quote: string; at: number } | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (open) {
      if (open.quote === '"' && ch === '\\') i++;
      else if (ch === open.quote) {
        if (open.quote === "'" && text[i + 1] === "'") i++;
        else open = undefined;
      }
      continue;
    }
    if (ch === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if ((ch === '"' || ch === "'") && startsValue(text, i)) open = { quote: ch, at: i };
  }
  return open?.at;
}

/** A quote at `i` opens a scalar: at a line's start (after indentation), or after `: `, `- `, `[`, `{` or `,`. */
function startsValue(text: string, i: number): boolean {
  let j = i - 1;
  while (j >= 0 && (text[j] === ' ' || text[j] === '\t')) j--;
  if (j < 0 || text[j] === '\n') return true;
  const prev = text[j]!;
  if (prev === '[' || prev === '{' || prev === ',') return true;
  return (prev === ':' || prev === '-') && j < i - 1;
}
