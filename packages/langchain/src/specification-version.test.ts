import type { Tool } from '@toolwright/contracts';
import { describe, expect, it } from 'vitest';
import { LangChainBridgeError } from './langchain-bridge-error.js';
import { fixture } from './test-support/agent-fixture.js';
import { toLangChainTools } from './to-langchain-tools.js';

/** A tool as a later `@toolwright/contracts` would make it: the same object, another interface version. */
function ofVersion(tool: Tool, version: string): Tool {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(tool);
  descriptors.specificationVersion = { value: version, enumerable: true };
  return Object.freeze(Object.create(Object.getPrototypeOf(tool), descriptors));
}

describe('toLangChainTools and tools of another specification version', () => {
  it('refuses one with unsupported_specification_version, naming both versions', () => {
    const { registry, executor } = fixture();
    let error: unknown;
    try {
      toLangChainTools({ executor, tools: [ofVersion(registry.get('Save') as Tool, 'v2')] });
    } catch (caught) {
      error = caught;
    }
    expect(LangChainBridgeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      message:
        "toLangChainTools: tools[0]: this Tool says specificationVersion 'v2'; @toolwright/langchain 0.x accepts 'v1'.",
    });
  });

  it('keeps invalid_option for what is no tool at all', () => {
    const { executor } = fixture();
    expect(() => toLangChainTools({ executor, tools: [{ specificationVersion: 'v2' } as never] })).toThrow(
      expect.objectContaining({ code: 'invalid_option' }),
    );
  });
});
