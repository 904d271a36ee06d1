import { ToolwrightError } from '@toolwright/validation';
import { describe, expect, it, vi } from 'vitest';
import { AiSdkBridgeError, AiSdkBridgeErrorCode } from './ai-sdk-bridge-error.js';

describe('AiSdkBridgeError', () => {
  it('is a ToolwrightError with a code, recognised by its own isInstance', () => {
    const error = new AiSdkBridgeError(AiSdkBridgeErrorCode.InvalidOption, 'toAiSdkTools: bad.');
    expect(error.code).toBe('invalid_option');
    expect(error.message).toBe('toAiSdkTools: bad.');
    expect(ToolwrightError.isInstance(error)).toBe(true);
    expect(AiSdkBridgeError.isInstance(error)).toBe(true);
  });

  it('does not claim other toolwright errors, nor look-alikes', () => {
    expect(AiSdkBridgeError.isInstance(new ToolwrightError('invalid_option', 'other package'))).toBe(false);
    expect(AiSdkBridgeError.isInstance(new Error('plain'))).toBe(false);
    expect(AiSdkBridgeError.isInstance({ code: 'invalid_option' })).toBe(false);
    expect(AiSdkBridgeError.isInstance(null)).toBe(false);
  });

  it('recognises an error thrown by another installed copy of the package', async () => {
    vi.resetModules();
    const otherCopy = await import('./ai-sdk-bridge-error.js');
    expect(otherCopy.AiSdkBridgeError).not.toBe(AiSdkBridgeError);
    const foreign = new otherCopy.AiSdkBridgeError('duplicate_tool', 'from the other copy');
    expect(foreign instanceof AiSdkBridgeError).toBe(false);
    expect(AiSdkBridgeError.isInstance(foreign)).toBe(true);
  });
});
