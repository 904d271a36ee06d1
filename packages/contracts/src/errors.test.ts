// The markers of contracts' error classes, and what the package really throws. That every exported
// class is recognised across a second installed copy, and by no other class, is the workspace's
// error-brand test (tests/error-brands.test.ts), for every package at once.
import { Type } from '@sinclair/typebox';
import { InvalidOptionError, ToolValidationError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import {
  ContractsErrorCode,
  InvalidToolDefinitionError,
  ToolInvocationError,
  UnsupportedProviderTargetError,
} from './errors.js';
import { rebuildInvocation } from './rebuild-invocation.js';
import { readFileTool } from './test-support/example-tools.js';
import { assertToolConformance } from './testing/assert-tool-conformance.js';
import { ToolConformanceError } from './testing/conformance-error.js';
import { createTestExecutionContext } from './testing/create-test-context.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

type Classes = {
  InvalidToolDefinitionError: typeof InvalidToolDefinitionError;
  ToolInvocationError: typeof ToolInvocationError;
  UnsupportedProviderTargetError: typeof UnsupportedProviderTargetError;
  ToolConformanceError: typeof ToolConformanceError;
};
const CLASSES = [
  'InvalidToolDefinitionError',
  'ToolInvocationError',
  'UnsupportedProviderTargetError',
  'ToolConformanceError',
] as const;

/** One error of each class, made by the given copy of the package. */
function oneOfEach(copy: Classes): Record<(typeof CLASSES)[number], Error> {
  return {
    InvalidToolDefinitionError: new copy.InvalidToolDefinitionError('Read', ['name is bad']),
    ToolInvocationError: new copy.ToolInvocationError(
      ContractsErrorCode.InvocationSuperseded,
      'Read',
      'retired',
    ),
    UnsupportedProviderTargetError: new copy.UnsupportedProviderTargetError('claude', ['anthropic']),
    ToolConformanceError: new copy.ToolConformanceError('Read', [{ rule: 'frozen', message: 'not frozen' }]),
  };
}

const here: Classes = {
  InvalidToolDefinitionError,
  ToolInvocationError,
  UnsupportedProviderTargetError,
  ToolConformanceError,
};

describe('error markers', () => {
  it('keeps each marker on the prototype under toolwright.contracts.<Class> (and its former key), none per instance', () => {
    expect(Object.getOwnPropertySymbols(InvalidToolDefinitionError.prototype)).toEqual([
      Symbol.for('toolwright.contracts.InvalidToolDefinitionError'),
      Symbol.for('toolwright.invalid-tool-definition-error'),
    ]);
    expect(Object.getOwnPropertySymbols(ToolInvocationError.prototype)).toEqual([
      Symbol.for('toolwright.contracts.ToolInvocationError'),
      Symbol.for('toolwright.tool-invocation-error'),
    ]);
    expect(Object.getOwnPropertySymbols(UnsupportedProviderTargetError.prototype)).toEqual([
      Symbol.for('toolwright.contracts.UnsupportedProviderTargetError'),
      Symbol.for('toolwright.unsupported-provider-target-error'),
    ]);
    expect(Object.getOwnPropertySymbols(ToolConformanceError.prototype)).toEqual([
      Symbol.for('toolwright.contracts.ToolConformanceError'),
      Symbol.for('toolwright.tool-conformance-error'),
    ]);
    for (const error of Object.values(oneOfEach(here)))
      expect(Object.getOwnPropertySymbols(error)).toEqual([]);
  });

  it('is what the package really throws, each failure with its class and code', async () => {
    const caught = (run: () => unknown): unknown => {
      try {
        run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const classOf = (error: unknown) => [
      [...CLASSES, 'ToolValidationError', 'InvalidOptionError'].filter((name) =>
        ({ ...here, ToolValidationError, InvalidOptionError })[name as keyof Classes].isInstance(error),
      ),
      (error as { code?: unknown }).code,
    ];
    const config = {
      name: 'Probe',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ count: Type.Integer() }),
      description: 'Probe.',
      execute: async () => ToolResults.success('ok'),
    };
    const tool = createTool(config);
    const invocation = tool.build({ count: 1 });
    expect(classOf(caught(() => createTool({ ...config, name: 'bad name' })))).toEqual([
      ['InvalidToolDefinitionError'],
      'invalid_tool_definition',
    ]);
    expect(classOf(caught(() => tool.getFunctionDeclaration('claude' as never)))).toEqual([
      ['UnsupportedProviderTargetError'],
      'unsupported_provider_target',
    ]);
    expect(classOf(caught(() => rebuildInvocation(readFileTool, invocation as never, {})))).toEqual([
      ['ToolInvocationError'],
      'invocation_tool_mismatch',
    ]);
    expect(classOf(caught(() => tool.build({ count: 'many' })))).toEqual([
      ['ToolValidationError'],
      'validation_failed',
    ]);
    expect(classOf(caught(() => tool.build({ count: 1 }, { nullAsAbsnet: true } as never)))).toEqual([
      ['InvalidOptionError'],
      'invalid_option',
    ]);
    expect(classOf(caught(() => assertToolConformance({ name: 'Probe' })))).toEqual([
      ['ToolConformanceError'],
      'tool_not_conformant',
    ]);
    const rejected = await tool
      .build({ count: 2 })
      .execute({ ...createTestExecutionContext(), signal: undefined } as never)
      .catch((error: unknown) => error);
    expect(classOf(rejected)).toEqual([['ToolInvocationError'], 'invalid_execution_context']);
  });
});
