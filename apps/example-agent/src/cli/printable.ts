import { escapeHiddenCharacters } from '@toolwright/utils';
import type { LineSink } from './transcript.js';

/**
 * Text safe to print on a terminal. Control characters (ANSI escapes above all), bidirectional
 * controls and invisible format characters in tool output, file content, server errors or model
 * text would be obeyed or hidden by the terminal, so an untrusted server could rewrite the screen
 * or show one thing while another is there; they are shown as `\u001b`-style escapes instead.
 * Tabs and newlines are kept. The rule is `@toolwright/utils`' one, shared with the MCP adapter.
 */
export function printable(text: string): string {
  return escapeHiddenCharacters(text);
}

/**
 * {@link printable} for text shown inside one line of the CLI's own (a row of `mcp list`, a
 * progress line): newlines are escaped too (`\n`), so server text cannot start a line that looks
 * like another row or another server's status.
 */
export function printableLine(text: string): string {
  return printable(text).replace(/\n/g, '\\n');
}

/** Sinks already wrapped, so wrapping twice costs nothing. */
const printableSinks = new WeakSet<LineSink>();

/**
 * `sink` with everything written to it made {@link printable} first. Every output stream of the
 * CLI is one of these, so no print can forget: readable lines show escapes, and JSON lines stay
 * valid JSON with the same value (the escapes are JSON's own, and `JSON.stringify` only leaves
 * bidirectional and format characters raw inside strings).
 */
export function printableSink(sink: LineSink): LineSink {
  if (printableSinks.has(sink)) return sink;
  const wrapped: LineSink = {
    write: (text: string) => sink.write(typeof text === 'string' ? printable(text) : text),
    // Read through, so a command can still tell a terminal (and its width) from a pipe.
    get isTTY() {
      return sink.isTTY;
    },
    get columns() {
      return sink.columns;
    },
  };
  printableSinks.add(wrapped);
  return wrapped;
}
