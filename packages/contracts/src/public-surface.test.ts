import { describe, expect, it } from 'vitest';

describe('public surface', () => {
  it('exports exactly these runtime names from the root entry', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toEqual([
      'ContractsErrorCode',
      'INPUT_EXAMPLE_TARGETS',
      'INVOCATION_MARKER',
      'InvalidOptionError',
      'InvalidToolDefinitionError',
      'PARALLELISM_VALUES',
      'PROVIDER_TARGETS',
      'TOOL_ERROR_TYPES',
      'TOOL_KINDS',
      'TOOL_MARKER',
      'ToolInvocationError',
      'ToolKind',
      'ToolOutputValidationError',
      'ToolResults',
      'ToolValidationError',
      'ToolwrightError',
      'UnsupportedProviderTargetError',
      'createTool',
      'describeInvocationVersionProblem',
      'describeOutputIssues',
      'describeToolListProblem',
      'describeToolVersionProblem',
      'findToolListProblem',
      'isErrorResult',
      'isInvocationSuperseded',
      'isProviderTarget',
      'isTool',
      'isToolInvocation',
      'isToolKind',
      'isToolResult',
      'normaliseToolResult',
      'rebuildInvocation',
      'renderToolDescription',
      'structuredOutputIssues',
      'toProviderToolFormat',
    ]);
  });

  it('exports exactly these runtime names from the testing entry', async () => {
    expect(Object.keys(await import('./testing/index.js')).sort()).toEqual([
      'ToolConformanceError',
      'assertToolConformance',
      'checkToolConformance',
      'createTestExecutionContext',
      'sampleInput',
    ]);
  });

  it('re-exports the base error classes and target list of @toolwright/validation instead of defining its own', async () => {
    const contracts = await import('./index.js');
    const validation = await import('@toolwright/validation');
    expect(contracts.ToolwrightError).toBe(validation.ToolwrightError);
    expect(contracts.ToolValidationError).toBe(validation.ToolValidationError);
    expect(contracts.InvalidOptionError).toBe(validation.InvalidOptionError);
    expect(contracts.PROVIDER_TARGETS).toBe(validation.PROVIDER_TARGETS);
  });
});
