import type { Tool } from '@toolwright/contracts';
import { PermissionPolicy } from '@toolwright/executor';
import { thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { OpenAiAgentsBridgeError } from './openai-agents-bridge-error.js';
import { screenshotTool } from './test-support/fixture-tools.js';
import { toOpenAiAgentsTools } from './to-openai-agents-tools.js';

/** A tool as a later `@toolwright/contracts` would make it: the same object, another interface version. */
function ofVersion(tool: Tool, version: string): Tool {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(tool);
  descriptors.specificationVersion = { value: version, enumerable: true };
  return Object.freeze(Object.create(Object.getPrototypeOf(tool), descriptors));
}

const runner = {
  permissions: new PermissionPolicy({ workspaceRoot: process.cwd() }),
  sessionId: 'agents',
  workspaceRoot: process.cwd(),
};

describe('toOpenAiAgentsTools and tools of another specification version', () => {
  it('refuses one with unsupported_specification_version, naming both versions', () => {
    const error = thrownBy(
      () => toOpenAiAgentsTools({ tools: [screenshotTool, ofVersion(screenshotTool, 'v2')], runner }),
      OpenAiAgentsBridgeError,
    );
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      message:
        "toOpenAiAgentsTools: tools[1]: this Tool says specificationVersion 'v2'; @toolwright/openai-agents 0.x accepts 'v1'.",
    });
  });

  it('keeps invalid_option for what is no tool at all', () => {
    const error = thrownBy(
      () => toOpenAiAgentsTools({ tools: [{ specificationVersion: 'v2' } as never], runner }),
      OpenAiAgentsBridgeError,
    );
    expect(error.code).toBe('invalid_option');
  });
});
