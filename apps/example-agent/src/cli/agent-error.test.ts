import { ExecutorError } from '@toolwright/executor';
import { ToolwrightError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { AgentError, AgentErrorCode } from '../errors.js';

// The CLI decides exit codes and wording by error class, so AgentError must be told apart from
// every other toolwright error. (It belongs beside src/errors.ts; it lives here because the
// CLI is what depends on it.)
describe('AgentError.isInstance', () => {
  it('accepts an AgentError, and ToolwrightError.isInstance still does too', () => {
    const error = new AgentError(AgentErrorCode.ConfigInvalid, 'bad config');
    expect(AgentError.isInstance(error)).toBe(true);
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: 'AgentError', code: 'config_invalid' });
  });

  it('refuses the other toolwright errors and plain values', () => {
    expect(AgentError.isInstance(new ToolwrightError('config_invalid', 'same code, other class'))).toBe(
      false,
    );
    expect(AgentError.isInstance(new ExecutorError('invalid_option', 'executor'))).toBe(false);
    expect(AgentError.isInstance(new Error('plain'))).toBe(false);
    expect(AgentError.isInstance({ code: 'config_invalid', message: 'duck' })).toBe(false);
    expect(AgentError.isInstance(null)).toBe(false);
  });

  it('recognises an AgentError of another installed copy by its registered marker', () => {
    const prototype = {};
    for (const marker of ['toolwright.error', 'toolwright.agent-error'])
      Object.defineProperty(prototype, Symbol.for(marker), { value: true });
    const otherCopy = Object.create(prototype) as unknown;
    expect(AgentError.isInstance(otherCopy)).toBe(true);
  });
});
