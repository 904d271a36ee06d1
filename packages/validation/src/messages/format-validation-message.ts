import { previewText } from '@toolwright/utils';
import type { ValidationIssue } from '../errors/tool-validation-error.js';
import type { MessageCatalog } from './message-catalog.js';

/** Longest model-facing message; issues that do not fit are counted, not cut mid-line. */
export const MAX_MESSAGE_LENGTH = 2000;
/** Longest single issue line. */
export const MAX_LINE_LENGTH = 320;

// The shared preview cuts without splitting a surrogate pair and escapes control characters: a
// name the model sent (an unknown key such as "\u001b[2J") reaches no terminal or log raw.
function capLine(line: string): string {
  return previewText(line, MAX_LINE_LENGTH);
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
  if (PRINTABLE_ASCII.test(header)) {
    const lines = collectLines(catalog, header, issues, totalIssueCount, keepLine);
    const plain = lines?.join('\n');
    // Every line short printable ASCII (the common case in English): capLine would keep each
    // as it is, so one test of the whole text stands for one test per line.
    if (plain !== undefined && isPlainText(plain, lines!.length)) return plain;
  }
  return (collectLines(catalog, header, issues, totalIssueCount, capLine) as string[]).join('\n');
}

/** Space to tilde, as the shared preview's fast path tests. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** The same, line breaks allowed. */
const PRINTABLE_LINES = /^[\x20-\x7e\n]*$/;

/**
 * Printable ASCII whose only line breaks are the `lineCount - 1` between lines: a line holding
 * a break of its own would have it escaped by capLine.
 */
function isPlainText(text: string, lineCount: number): boolean {
  if (!PRINTABLE_LINES.test(text)) return false;
  let breaks = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) breaks++;
  return breaks === lineCount - 1;
}

/** A line as it is when no cap could change its length, `undefined` for a longer one. */
function keepLine(line: string): string | undefined {
  return line.length <= MAX_LINE_LENGTH ? line : undefined;
}

/** The message's lines, each made by `makeLine`; `undefined` as soon as `makeLine` gives that. */
function collectLines(
  catalog: MessageCatalog,
  header: string,
  issues: readonly ValidationIssue[],
  totalIssueCount: number,
  makeLine: (line: string) => string | undefined,
): string[] | undefined {
  const lines = [header];
  let length = header.length;
  let shown = 0;
  for (const issue of issues) {
    const line = makeLine(`- ${issue.path === '' ? catalog.rootPath : issue.path}: ${issue.message}`);
    if (line === undefined) return undefined;
    // Keep room for the "... and N more" line.
    if (length + line.length + 1 > MAX_MESSAGE_LENGTH - 48) break;
    lines.push(line);
    length += line.length + 1;
    shown++;
  }
  if (shown < totalIssueCount) lines.push(catalog.moreIssues(totalIssueCount - shown));
  return lines;
}
