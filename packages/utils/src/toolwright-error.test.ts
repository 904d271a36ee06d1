import { describe, expect, it } from 'vitest';
import { ToolwrightError } from './toolwright-error.js';

describe('ToolwrightError', () => {
  it('carries a code, its name and the cause, and a cause only when one is given', () => {
    const cause = new Error('underlying');
    const error = new ToolwrightError('schema_rejected', 'schema too deep', { cause });
    expect(error).toBeInstanceOf(Error);
    expect([error.code, error.name, error.message, error.cause]).toEqual([
      'schema_rejected',
      'ToolwrightError',
      'schema too deep',
      cause,
    ]);
    expect('cause' in new ToolwrightError('x', 'y')).toBe(false);
    expect('cause' in new ToolwrightError('x', 'y', { cause: undefined })).toBe(true);
  });

  it('recognises every toolwright error: its own, a subclass, one of an earlier release by its former key', () => {
    class HostError extends ToolwrightError {}
    class EarlierCopyError extends Error {}
    Object.defineProperty(EarlierCopyError.prototype, Symbol.for('toolwright.error'), { value: true });
    expect(ToolwrightError.isInstance(new ToolwrightError('x', 'y'))).toBe(true);
    expect(ToolwrightError.isInstance(new HostError('x', 'y'))).toBe(true);
    expect(ToolwrightError.isInstance(new EarlierCopyError())).toBe(true);
    expect(ToolwrightError.isInstance(new Error('plain'))).toBe(false);
    expect(ToolwrightError.isInstance({ code: 'x' })).toBe(false);
  });

  it("gives a host's own subclass its own name without branding it", () => {
    class HostProblem extends ToolwrightError {}
    expect(new HostProblem('x', 'y').name).toBe('HostProblem');
  });
});
