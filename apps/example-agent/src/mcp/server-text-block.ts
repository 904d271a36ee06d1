import { printable } from '../cli/printable.js';

/** The mark that starts every line a server wrote; the client's own lines never start with it. */
const GUTTER = '│ ';

/**
 * Text a server chose, as one block attributed to it: every line indented and prefixed with the
 * server's name and a gutter, controls and bidirectional characters escaped. A newline in the
 * server's text starts another prefixed line, so the server cannot draw a line that looks like
 * the client's own prompt or another server's question ("MCP server "github" asks: …").
 */
export function serverTextBlock(server: string, text: string): string {
  const prefix = `  ${printable(server)} ${GUTTER}`;
  return printable(text)
    .split('\n')
    .map((line) => `${prefix}${line}`)
    .join('\n');
}
