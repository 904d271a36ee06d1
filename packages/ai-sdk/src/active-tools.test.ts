import { ToolRegistry } from '@toolwright/registry';
import { describe, expect, it } from 'vitest';
import { activeToolNames, createPrepareStep } from './active-tools.js';
import { AiSdkBridgeError } from './ai-sdk-bridge-error.js';
import { createIssueTool, memoryReadTool, recordingWriteTool } from './test-support/fixture-tools.js';

function catalog(options: ConstructorParameters<typeof ToolRegistry>[0] = {}): ToolRegistry {
  const registry = new ToolRegistry(options);
  registry.register(memoryReadTool({}).tool);
  registry.register(recordingWriteTool('/tmp').tool);
  registry.replaceTools('mcp:tracker', [createIssueTool().tool]);
  return registry;
}

function activeAt(prepareStep: ReturnType<typeof createPrepareStep>): string[] {
  return prepareStep().activeTools;
}

describe('activeToolNames', () => {
  it('names the loaded tools, sorted: a deferred tool only after ToolSearch loaded it', () => {
    const registry = catalog();
    expect(activeToolNames(registry)).toEqual(['Read', 'ToolSearch', 'Write']);
    registry.deferred.markLoaded(['mcp__tracker__create_issue']);
    expect(activeToolNames(registry)).toEqual(['Read', 'ToolSearch', 'Write', 'mcp__tracker__create_issue']);
  });

  it('keeps ReadOnly tools only in Plan mode', () => {
    expect(activeToolNames(catalog(), { mode: 'plan' })).toEqual(['Read', 'ToolSearch']);
  });

  it("applies the target's provider tool limit", () => {
    const registry = catalog({ toolLimits: { gemini: 2 } });
    expect(activeToolNames(registry, { target: 'gemini' })).toHaveLength(2);
    expect(activeToolNames(registry, { target: 'json-schema' })).toHaveLength(3);
  });

  it('returns a fresh array each time (the SDK keeps it)', () => {
    const registry = catalog();
    const first = activeToolNames(registry);
    first.push('Bash');
    expect(activeToolNames(registry)).toEqual(['Read', 'ToolSearch', 'Write']);
  });

  it('refuses an unknown option, mode or target', () => {
    const registry = catalog();
    expect(() => activeToolNames(registry, { modes: 'plan' } as never)).toThrow(/did you mean "mode"/);
    expect(() => activeToolNames(registry, { mode: 'edit' as never })).toThrow(AiSdkBridgeError);
    expect(() => activeToolNames(registry, { target: 'claude' as never })).toThrow(/target must be one of/);
  });
});

describe('createPrepareStep', () => {
  it('makes the loaded tools active at each step, reading the mode every time', async () => {
    const registry = catalog();
    let mode: 'default' | 'plan' = 'plan';
    const prepareStep = createPrepareStep({ registry, mode: () => mode });
    expect(activeAt(prepareStep)).toEqual(['Read', 'ToolSearch']);
    mode = 'default';
    registry.deferred.markLoaded(['mcp__tracker__create_issue']);
    expect(activeAt(prepareStep)).toEqual(['Read', 'ToolSearch', 'Write', 'mcp__tracker__create_issue']);
  });

  it('needs a registry and known options', () => {
    expect(() => createPrepareStep({} as never)).toThrow(/registry must be a ToolRegistry; got nothing/);
    expect(() => createPrepareStep({ registry: catalog(), target: 'x' } as never)).toThrow(/target/);
    expect(() => createPrepareStep({ registry: catalog(), activeTools: [] } as never)).toThrow(
      /unknown option/,
    );
  });
});
