import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { normaliseToolResult } from './normalise-tool-result.js';
import { createTestExecutionContext } from './testing/create-test-context.js';
import { ToolKind } from './tool-kind.js';
import { isErrorResult, isToolResult, ToolResults } from './tool-results.js';

/** A tool ported from blade-code: it resolves to whatever `resolve` returns. */
function portedTool(resolve: () => unknown) {
  return createTool({
    name: 'Ported',
    kind: ToolKind.ReadOnly,
    schema: Type.Object({}),
    description: 'A tool ported from blade-code.',
    execute: async () => resolve() as never,
  });
}

const run = (resolve: () => unknown) => portedTool(resolve).build({}).execute(createTestExecutionContext());

describe('a result that reports success: false', () => {
  it('without an error is never a success: it runs as an execution error whose message is its text', async () => {
    const result = await run(() => ({
      success: false,
      llmContent: '  File not found: /tmp/x  ',
      displayContent: 'not found',
    }));
    expect(isErrorResult(result)).toBe(true);
    expect(result.error).toEqual({
      type: 'execution',
      code: 'reported_unsuccessful',
      message: 'File not found: /tmp/x',
    });
    // What the model reads is kept as the tool wrote it; only the flag is gone.
    expect(result.llmContent).toBe('  File not found: /tmp/x  ');
    expect(result).not.toHaveProperty('success');
    expect(Object.isFrozen(result) && Object.isFrozen(result.error)).toBe(true);
    expect(isToolResult(result)).toBe(true);
  });

  it('takes the message from text parts, or says that the tool gave no reason', async () => {
    const fromParts = await run(() => ({
      success: false,
      llmContent: [
        { type: 'text', text: 'first' },
        { type: 'image', mimeType: 'image/png', data: 'AA==' },
        { type: 'text', text: 'second' },
      ],
    }));
    expect(fromParts.error?.message).toBe('first\nsecond');
    const silent = await run(() => ({ success: false, llmContent: ' ' }));
    expect(silent.error?.message).toBe(
      'The tool reported success: false without an error or any text saying why.',
    );
  });

  it('with a blade-code error keeps it, mapping its type and keeping the original name as code', async () => {
    const cases = [
      ['validation_error', 'validation'],
      ['execution_error', 'execution'],
      ['timeout_error', 'timeout'],
      ['network_error', 'execution'],
      ['permission_denied', 'permission_denied'],
    ] as const;
    for (const [bladeType, type] of cases) {
      const result = await run(() => ({
        success: false,
        llmContent: 'failed',
        error: { type: bladeType, message: 'it failed' },
      }));
      expect(result.error).toEqual(
        bladeType === 'permission_denied'
          ? { type, message: 'it failed' }
          : { type, message: 'it failed', code: bladeType },
      );
    }
    const withCode = await run(() => ({
      success: false,
      llmContent: 'x',
      error: { type: 'network_error', message: 'reset', code: 'ECONNRESET' },
    }));
    expect(withCode.error).toEqual({ type: 'execution', message: 'reset', code: 'ECONNRESET' });
  });
});

describe('results that cannot be read either way are refused, naming the problem', () => {
  it.each([
    [
      { success: true, llmContent: 'x', error: { type: 'execution', message: 'x' } },
      'success is true but an error is present',
    ],
    [{ success: 'no', llmContent: 'x' }, 'success is "no"; expected true or false'],
    [
      { llmContent: 'x', error: { type: 'oops', message: 'x' } },
      'error.type is "oops"; expected one of validation, permission_denied',
    ],
    [{ llmContent: 'x', error: { type: 'execution' } }, 'error.message is undefined; expected a string'],
    [
      { llmContent: 'x', error: { type: 'execution', message: 'x', code: 7 } },
      'error.code is 7; expected a string',
    ],
    [
      { success: false, llmContent: { text: 'x' } },
      'llmContent is {"text":"x"}; expected a string or an array of parts',
    ],
  ])('%j', async (value, problem) => {
    await expect(run(() => value)).rejects.toMatchObject({
      code: 'invalid_tool_result',
      message: expect.stringContaining(problem),
    });
    expect(normaliseToolResult(value)).toBeUndefined();
    expect(isToolResult(value)).toBe(false);
  });
});

describe('results that need no mapping', () => {
  it('pass through as the same object, success: true included', async () => {
    const success = ToolResults.success('ok');
    expect(await run(() => success)).toBe(success);
    const flagged = { success: true, llmContent: 'ok' };
    expect(normaliseToolResult(flagged)).toBe(flagged);
    expect(isErrorResult(await run(() => flagged))).toBe(false);
    const failure = ToolResults.notFound('gone');
    expect(normaliseToolResult(failure)).toBe(failure);
  });

  it('isToolResult is false for a success: false without an error (it needs the mapping first)', () => {
    expect(isToolResult({ success: false, llmContent: 'x' })).toBe(false);
    expect(isToolResult(normaliseToolResult({ success: false, llmContent: 'x' }))).toBe(true);
  });
});
