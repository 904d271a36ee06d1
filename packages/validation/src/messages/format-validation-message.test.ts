import { previewText } from '@toolwright/utils';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ValidationIssue } from '../errors/tool-validation-error.js';
import { formatValidationMessage, MAX_LINE_LENGTH, MAX_MESSAGE_LENGTH } from './format-validation-message.js';
import { type MessageCatalog, messageCatalog } from './message-catalog.js';

/** The message as written line by line, every issue line through the shared preview: the reference. */
function lineByLine(
  catalog: MessageCatalog,
  toolName: string | undefined,
  issues: readonly ValidationIssue[],
  total: number,
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

/** Text as models and schemas write it, now and then with a break, a control, non-ASCII or length. */
const text = fc.oneof(
  { weight: 6, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 60 }) },
  fc.string({
    unit: fc.constantFrom('a', ' ', '\n', '\u0000', '\u001b', 'é', '😀', '\u202e'),
    maxLength: 12,
  }),
  fc.string({ unit: 'grapheme-ascii', minLength: 300, maxLength: 400 }),
  fc
    .tuple(
      fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
      fc.string({ unit: 'grapheme-ascii', maxLength: 20 }),
    )
    .map(([before, after]) => `${before}\n${after}`),
);

const issue: fc.Arbitrary<ValidationIssue> = fc.record({
  path: fc.oneof(
    fc.constant(''),
    text.map((key) => `/${key}`),
  ),
  keyword: fc.constant('type'),
  message: text,
  expected: fc.constant('string'),
  received: fc.constant('integer 5'),
});

describe('formatValidationMessage', () => {
  it('writes what the line-by-line preview writes, whatever the lines hold', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('en', 'zh-CN') as fc.Arbitrary<'en' | 'zh-CN'>,
        fc.option(text, { nil: undefined }),
        fc.array(issue, { maxLength: 12 }),
        fc.nat(3),
        (locale, toolName, issues, more) => {
          const catalog = messageCatalog(locale);
          const total = issues.length + more;
          expect(formatValidationMessage(catalog, toolName, issues, total)).toBe(
            lineByLine(catalog, toolName, issues, total),
          );
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it('escapes a line break inside an issue line, as the preview does', () => {
    const catalog = messageCatalog('en');
    const message = formatValidationMessage(catalog, 'T', [
      { path: '/a', keyword: 'type', message: 'one\ntwo', expected: 'string', received: 'x' },
    ]);
    expect(message.split('\n')).toHaveLength(2);
    expect(message).toContain('one\\u000atwo');
  });
});
