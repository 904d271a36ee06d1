// Each error class contracts throws carries its own Symbol.for marker on its prototype, so its
// static isInstance tells it apart from every other toolwright error, also when the error comes
// from a second installed copy of the package (where instanceof fails).
import { Type } from '@sinclair/typebox';
import { InvalidOptionError, ToolValidationError, ToolwrightError } from '@toolwright/validation';
import { describe, expect, it, vi } from 'vitest';
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

/** For each class, which of `errors` its isInstance accepts. */
function recognition(recogniser: Classes, errors: Record<string, unknown>) {
  return Object.fromEntries(
    CLASSES.map((name) => [
      name,
      Object.keys(errors).filter((made) => recogniser[name].isInstance(errors[made])),
    ]),
  );
}

const ownOnly = Object.fromEntries(CLASSES.map((name) => [name, [name]]));
const here: Classes = {
  InvalidToolDefinitionError,
  ToolInvocationError,
  UnsupportedProviderTargetError,
  ToolConformanceError,
};

describe('error recognition', () => {
  it('each class recognises its own errors and no other toolwright error, validation’s included', () => {
    const errors = oneOfEach(here);
    expect(recognition(here, errors)).toEqual(ownOnly);
    const validations = {
      ToolValidationError: new ToolValidationError('validation_failed', 'bad', { issues: [] }),
      InvalidOptionError: new InvalidOptionError('BuildOptions', 'BuildOptions: unknown option "x".'),
    };
    expect(recognition(here, validations)).toEqual(Object.fromEntries(CLASSES.map((name) => [name, []])));
    expect(InvalidToolDefinitionError.isInstance(validations.ToolValidationError)).toBe(false);
    expect(ToolValidationError.isInstance(errors.InvalidToolDefinitionError)).toBe(false);
    expect(Object.values(errors).every((error) => ToolwrightError.isInstance(error))).toBe(true);
    expect(
      [null, undefined, 'invalid_tool_definition', { code: 'invalid_tool_definition' }].some((value) =>
        CLASSES.some((name) => here[name].isInstance(value)),
      ),
    ).toBe(false);
  });

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

  it('tells the errors of a second installed copy apart just as well, where instanceof fails', async () => {
    vi.resetModules();
    const copy: Classes = {
      ...(await import('./errors.js')),
      ...(await import('./testing/conformance-error.js')),
    };
    expect(copy.ToolInvocationError).not.toBe(ToolInvocationError);
    const fromCopy = oneOfEach(copy);
    expect(fromCopy.ToolInvocationError instanceof ToolInvocationError).toBe(false);
    expect(recognition(here, fromCopy)).toEqual(ownOnly);
    expect(recognition(copy, oneOfEach(here))).toEqual(ownOnly);
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
