import { ToolValidationError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { isErrorResult, isToolResult, ToolResults } from './tool-results.js';

describe('ToolResults', () => {
  it('builds a frozen success with optional extras', () => {
    const result = ToolResults.success([{ type: 'text', text: 'hello' }], {
      display: 'hello',
      artifacts: [{ id: 'sha256-1', kind: 'output', byteLength: 10 }],
      metadata: { exitCode: 0 },
    });
    expect(result).toEqual({
      llmContent: [{ type: 'text', text: 'hello' }],
      display: 'hello',
      artifacts: [{ id: 'sha256-1', kind: 'output', byteLength: 10 }],
      metadata: { exitCode: 0 },
    });
    expect(Object.isFrozen(result)).toBe(true);
    expect(isErrorResult(result)).toBe(false);
  });

  it('gives each error type its constructor, with the message as what the model reads', () => {
    const cases = [
      [ToolResults.validationError('bad path'), 'validation'],
      [ToolResults.permissionDenied('denied by policy'), 'permission_denied'],
      [ToolResults.executionError(new Error('exit 1')), 'execution'],
      [ToolResults.timeout(30_000), 'timeout'],
      [ToolResults.aborted(), 'aborted'],
      [ToolResults.resourceExhausted('quota reached'), 'resource_exhausted'],
      [ToolResults.notFound('no such task'), 'not_found'],
    ] as const;
    for (const [result, type] of cases) {
      expect(result.error?.type).toBe(type);
      expect(result.llmContent).toBe(result.error?.message);
      expect(isErrorResult(result)).toBe(true);
    }
    expect(ToolResults.timeout(30_000).error?.message).toBe('The tool call timed out after 30000 ms.');
    expect(ToolResults.executionError(new Error('exit 1')).error?.message).toBe('exit 1');
  });

  it('keeps the code of a toolwright error so the model can act on it', () => {
    const error = new ToolValidationError('validation_failed', '/path: expected string', { issues: [] });
    expect(ToolResults.validationError(error).llmContent).toBe(
      '/path: expected string (code: validation_failed)',
    );
  });

  it('recognises results by shape, and nothing else', () => {
    expect(isToolResult(ToolResults.success('ok'))).toBe(true);
    expect(isToolResult(ToolResults.notFound('gone'))).toBe(true);
    expect(isToolResult({ llmContent: [{ type: 'text', text: 'hi' }] })).toBe(true);
    expect(isToolResult('ok')).toBe(false);
    expect(isToolResult({ content: 'ok' })).toBe(false);
    expect(isToolResult({ llmContent: 'x', error: { type: 'oops', message: 'x' } })).toBe(false);
  });
});
