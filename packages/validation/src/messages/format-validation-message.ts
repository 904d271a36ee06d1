import { previewText } from '@toolwright/utils';
import type { ValidationIssue } from '../errors/tool-validation-error.js';
import type { MessageCatalog } from './message-catalog.js';

/** Longest model-facing message; issues that do not fit are counted, not cut mid-line. */
export const MAX_MESSAGE_LENGTH = 2000;
/** Longest single issue line. */
export const MAX_LINE_LENGTH = 320;

/** Space to tilde and the line separator: what the issue lines of a message usually hold. */
const PRINTABLE_ASCII_LINES = /^[\x20-\x7e\n]*$/;

// The shared preview cuts without splitting a surrogate pair and escapes control characters: a
// name the model sent (an unknown key such as "\u001b[2J") reaches no terminal or log raw.
function capLine(line: string): string {
  return previewText(line, MAX_LINE_LENGTH);
}

/**
 * A line as it is when it needs no escaping: only a long one is cut now. Whether it needed
 * escaping is checked once over all the lines joined (see `printableLines`), because checking
 * each line on its own copies it first: a line is a concatenation, and a test reads it flat.
 */
function cutLongLine(line: string): string {
  return line.length <= MAX_LINE_LENGTH ? line : capLine(line);
}

/**
 * The issue lines and how many issues they show, with each line made by `lineOf`, stopping
 * before the message would exceed its cap.
 */
function issueLines(
  lineOf: (line: string) => string,
  rootPath: string,
  headerLength: number,
  issues: readonly ValidationIssue[],
): string[] {
  const lines: string[] = [];
  let length = headerLength;
  for (const issue of issues) {
    const line = lineOf(`- ${issue.path === '' ? rootPath : issue.path}: ${issue.message}`);
    // Keep room for the "... and N more" line.
    if (length + line.length + 1 > MAX_MESSAGE_LENGTH - 48) break;
    lines.push(line);
    length += line.length + 1;
  }
  return lines;
}

/**
 * True when `joined` (`lines` joined by newlines) is printable ASCII and holds no newline but
 * the separators: then no line had anything for `previewText` to escape, and each line is as
 * `capLine` would have made it.
 */
function printableLines(joined: string, lines: readonly string[]): boolean {
  if (!PRINTABLE_ASCII_LINES.test(joined)) return false;
  // A newline inside a line (in a key the model sent) passes the test too: count them, the
  // separators are one fewer than the lines.
  let newlines = 0;
  for (let at = joined.indexOf('\n'); at !== -1; at = joined.indexOf('\n', at + 1))
    if (++newlines >= lines.length) return false;
  return true;
}

/**
 * The message of a `ToolValidationError`: a header, then one issue a line
 * (`- <path>: <message>`), capped at {@link MAX_MESSAGE_LENGTH} characters. Lines that do not
 * fit are replaced by a count so the model knows there is more to fix.
 */
export function formatValidationMessage(
  catalog: MessageCatalog,
  toolName: string | undefined,
  issues: readonly ValidationIssue[],
  totalIssueCount = issues.length,
): string {
  const header = catalog.header(toolName, totalIssueCount);
  // Most lines are printable ASCII, which the escaping would leave as they are: made unescaped
  // and checked at once; lines with anything else are made again, each escaped.
  let lines = issueLines(cutLongLine, catalog.rootPath, header.length, issues);
  let body = lines.join('\n');
  if (!printableLines(body, lines)) {
    lines = issueLines(capLine, catalog.rootPath, header.length, issues);
    body = lines.join('\n');
  }
  const more =
    lines.length < totalIssueCount ? catalog.moreIssues(totalIssueCount - lines.length) : undefined;
  if (lines.length === 0) return more === undefined ? header : `${header}\n${more}`;
  return more === undefined ? `${header}\n${body}` : `${header}\n${body}\n${more}`;
}
