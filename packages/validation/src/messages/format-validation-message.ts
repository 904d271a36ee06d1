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
  const lines = [catalog.header(toolName, totalIssueCount)];
  let length = lines[0]?.length ?? 0;
  let shown = 0;
  for (const issue of issues) {
    const line = capLine(`- ${issue.path === '' ? catalog.rootPath : issue.path}: ${issue.message}`);
    // Keep room for the "... and N more" line.
    if (length + line.length + 1 > MAX_MESSAGE_LENGTH - 48) break;
    lines.push(line);
    length += line.length + 1;
    shown++;
  }
  if (shown < totalIssueCount) lines.push(catalog.moreIssues(totalIssueCount - shown));
  return lines.join('\n');
}
