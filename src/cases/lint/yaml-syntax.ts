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
 */
export function yamlSyntaxMessage(error: { code: string; message: string }): { message: string; detail: string } {
  const own = error.code === 'MISSING_CHAR'
    ? /quote/i.test(error.message)
      ? 'a quoted string is never closed: a " or \' is missing'
      : /\]|\}|flow/i.test(error.message) ? 'a [list] or {mapping} is never closed: a ] or } is missing' : 'a character is missing: a closing quote or bracket, or a ":" after a key'
    : error.code === 'BLOCK_AS_IMPLICIT_KEY' && /nested mappings/i.test(error.message)
      ? 'a value holds an unquoted ": ": put the text in quotes'
      : (READINGS[error.code] ?? 'the file is not valid YAML');
  return { message: `invalid YAML: ${own}`, detail: error.message.trim() };
}
