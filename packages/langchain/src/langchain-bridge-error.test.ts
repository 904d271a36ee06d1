import { ToolwrightError } from '@toolwright/utils';
import { describe, expect, it, vi } from 'vitest';
import { LangChainBridgeError, LangChainBridgeErrorCode } from './langchain-bridge-error.js';

describe('LangChainBridgeError', () => {
  it('is a ToolwrightError with a code, recognised by its own isInstance', () => {
    const error = new LangChainBridgeError(LangChainBridgeErrorCode.InvalidOption, 'toLangChainTools: bad.');
    expect(error.code).toBe('invalid_option');
    expect(error.name).toBe('LangChainBridgeError');
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect(LangChainBridgeError.isInstance(error)).toBe(true);
    expect(LangChainBridgeError.isInstance(new ToolwrightError('invalid_option', 'other package'))).toBe(
      false,
    );
  });

  it('recognises an error thrown by another installed copy of the package', async () => {
    vi.resetModules();
    const otherCopy = await import('./langchain-bridge-error.js');
    const foreign = new otherCopy.LangChainBridgeError('duplicate_tool', 'from the other copy');
    expect(foreign instanceof LangChainBridgeError).toBe(false);
    expect(LangChainBridgeError.isInstance(foreign)).toBe(true);
  });
});
