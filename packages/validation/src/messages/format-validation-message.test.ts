import { previewText } from '@toolwright/utils';
import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../errors/tool-validation-error.js';
import { formatValidationMessage, MAX_LINE_LENGTH, MAX_MESSAGE_LENGTH } from './format-validation-message.js';
import { type MessageCatalog, messageCatalog } from './message-catalog.js';

/** The message as written before the printable-ASCII shortcut: every line escaped on its own. */
function escapedLineByLine(
  catalog: MessageCatalog,
  toolName: string | undefined,
  issues: readonly ValidationIssue[],
  total = issues.length,
): string {
  const lines = [catalog.header(toolName, total)];
  let length = lines[0]!.length;
  let shown = 0;
  for (const issue of issues) {
    const line = previewText(
      `- ${issue.path === '' ? catalog.rootPath : issue.path}: ${issue.message}`,
      MAX_LINE_LENGTH,
    );
    if (length + line.length + 1 > MAX_MESSAGE_LENGTH - 48) break;
    lines.push(line);
    length += line.length + 1;
    shown++;
  }
  if (shown < total) lines.push(catalog.moreIssues(total - shown));
  return lines.join('\n');
}

const issue = (path: string, message: string): ValidationIssue => ({
  path,
  keyword: 'type',
  message,
  expected: 'string',
  received: 'integer 5',
});

const plain = issue('/file_path', 'expected string of at least 1 character, received string ""');
const CASES: Record<string, ValidationIssue[]> = {
  'no issue': [],
  'printable lines': [plain, issue('/edits/0/new_string', 'expected string, received integer 5')],
  'the arguments object itself': [issue('', 'expected object, received null')],
  'a newline inside a key, the separator a model could forge': [
    plain,
    issue('/a\n- /b', 'unknown argument "a\n- /b"'),
    plain,
  ],
  'a newline at the end of the last line': [plain, issue('/a\n', 'unknown argument')],
  'control characters': [issue('/evil\u001b[2J', 'unknown argument "evil\u001b[2J"')],
  'a tab': [issue('/a\tb', 'x')],
  'a lone surrogate': [issue('/a\ud800', 'x')],
  'a bidirectional control': [issue('/a\u202eb', 'x')],
  'a line over the line cap': [issue('/long', `expected ${'x'.repeat(400)}`), plain],
  'an unprintable line over the line cap': [issue('/long\u0007', 'y'.repeat(400))],
  'more lines than the message holds': Array.from({ length: 60 }, (_, index) =>
    issue(`/item_${index}`, `expected string, received ${'z'.repeat(index * 3)}`),
  ),
  'an unprintable line where the message is full': [
    ...Array.from({ length: 6 }, () => issue('/big', 'w'.repeat(300))),
    issue('/late\u0001', 'v'.repeat(200)),
  ],
};

describe('formatValidationMessage', () => {
  for (const locale of ['en', 'zh-CN'] as const) {
    const catalog = messageCatalog(locale);
    for (const [name, issues] of Object.entries(CASES)) {
      it(`writes ${name} as escaping each line would (${locale})`, () => {
        expect(formatValidationMessage(catalog, 'Read', issues)).toBe(
          escapedLineByLine(catalog, 'Read', issues),
        );
        expect(formatValidationMessage(catalog, undefined, issues, issues.length + 3)).toBe(
          escapedLineByLine(catalog, undefined, issues, issues.length + 3),
        );
      });
    }
  }

  it('keeps one issue a line: a newline a model put in a key is escaped, never a line of its own', () => {
    const message = formatValidationMessage(
      messageCatalog('en'),
      'Read',
      CASES['a newline inside a key, the separator a model could forge']!,
    );
    expect(message.split('\n')).toHaveLength(4);
    expect(message).toContain('- /a\\u000a- /b: unknown argument "a\\u000a- /b"');
  });
});
