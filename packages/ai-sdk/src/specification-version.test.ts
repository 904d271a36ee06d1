import type { Tool } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { AiSdkBridgeError } from './ai-sdk-bridge-error.js';
import { memoryReadTool } from './test-support/fixture-tools.js';
import { toAiSdkTools } from './to-ai-sdk-tools.js';

/** A tool as a later `@toolwright/contracts` would make it: the same object, another interface version. */
function ofVersion(tool: Tool, version: string): Tool {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(tool);
  descriptors.specificationVersion = { value: version, enumerable: true };
  return Object.freeze(Object.create(Object.getPrototypeOf(tool), descriptors));
}

describe('toAiSdkTools and tools of another specification version', () => {
  it('refuses one with unsupported_specification_version, naming both versions', () => {
    const { tool: read } = memoryReadTool({});
    let error: unknown;
    try {
      toAiSdkTools({ tools: [read, ofVersion(read, 'v2')] });
    } catch (caught) {
      error = caught;
    }
    expect(AiSdkBridgeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      message:
        "toAiSdkTools: tools[1]: this Tool says specificationVersion 'v2'; @toolwright/ai-sdk 0.x accepts 'v1'.",
    });
  });

  it('keeps invalid_option for what is no tool at all', () => {
    let error: unknown;
    try {
      toAiSdkTools({ tools: [{ specificationVersion: 'v2' } as never] });
    } catch (caught) {
      error = caught;
    }
    expect(error).toMatchObject({ code: 'invalid_option' });
  });
});
