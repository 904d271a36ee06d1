import { Type } from '@sinclair/typebox';
import { compileJsonSchema } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { InvalidToolDefinitionError, ToolInvocationError } from './errors.js';
import { rebuildInvocation } from './rebuild-invocation.js';
import { readFileTool, writeFileTool } from './test-support/example-tools.js';
import { describeToolVersionProblem, isTool } from './tool.js';
import { describeInvocationVersionProblem, isToolInvocation } from './tool-invocation.js';
import { ToolKind } from './tool-kind.js';
import { describeToolListProblem, findToolListProblem } from './tool-list-problem.js';
import { ToolResults } from './tool-results.js';

/** What a later copy of the package would hand over: the same object, another interface version. */
function ofVersion<T extends object>(value: T, version: unknown): T {
  const descriptors: PropertyDescriptorMap = Object.getOwnPropertyDescriptors(value);
  descriptors.specificationVersion = { value: version, enumerable: true };
  return Object.freeze(Object.create(Object.getPrototypeOf(value), descriptors));
}

describe('a Tool of another specification version', () => {
  const future = ofVersion(readFileTool, 'v2');

  it('is no Tool for isTool, and describeToolVersionProblem names both versions', () => {
    expect(isTool(readFileTool)).toBe(true);
    expect(isTool(future)).toBe(false);
    expect(describeToolVersionProblem(future, '@toolwright/registry 0.x')).toBe(
      "this Tool says specificationVersion 'v2'; @toolwright/registry 0.x accepts 'v1'",
    );
  });

  it('is told apart from values that are no tool at all, which keep the usual words', () => {
    expect(describeToolVersionProblem(readFileTool, 'x 0.x')).toBeUndefined();
    expect(describeToolVersionProblem({ specificationVersion: 'v2', name: 'Read' }, 'x 0.x')).toBeUndefined();
    expect(describeToolVersionProblem(undefined, 'x 0.x')).toBeUndefined();
  });
});

describe('findToolListProblem', () => {
  const other = writeFileTool;

  it('finds nothing wrong with tools of unique names, and an empty list', () => {
    expect(findToolListProblem([readFileTool, other], 'x 0.x')).toBeUndefined();
    expect(findToolListProblem([], 'x 0.x')).toBeUndefined();
  });

  it('names the first problem by position: another version, no tool at all, a name given twice', () => {
    const future = ofVersion(readFileTool, 'v2');
    expect(findToolListProblem([readFileTool, future], '@toolwright/langchain 0.x')).toEqual({
      kind: 'unsupported_version',
      index: 1,
      description: "this Tool says specificationVersion 'v2'; @toolwright/langchain 0.x accepts 'v1'",
    });
    expect(findToolListProblem([other, { name: 'Read' }, future], 'x 0.x')).toEqual({
      kind: 'not_a_tool',
      index: 1,
      value: { name: 'Read' },
    });
    expect(findToolListProblem([readFileTool, other, readFileTool], 'x 0.x')).toEqual({
      kind: 'duplicate_name',
      index: 2,
      name: readFileTool.name,
    });
  });
});

describe('describeToolListProblem', () => {
  const why = 'one of them would be lost';

  it("words each problem as the owner's option at the item's place, a duplicate with the package's reason", () => {
    const future = ofVersion(readFileTool, 'v2');
    const problems = [
      findToolListProblem([readFileTool, future], 'x 0.x'),
      findToolListProblem([writeFileTool, { name: 'Read' }], 'x 0.x'),
      findToolListProblem([readFileTool, writeFileTool, readFileTool], 'x 0.x'),
    ].map((problem) => describeToolListProblem(problem!, 'bridgeTools', why));
    expect(problems).toEqual([
      {
        owner: 'bridgeTools',
        option: 'tools[1]',
        message: "bridgeTools: tools[1]: this Tool says specificationVersion 'v2'; x 0.x accepts 'v1'.",
      },
      {
        owner: 'bridgeTools',
        option: 'tools[1]',
        message: 'bridgeTools: tools[1] must be a tool from createTool; got object {name}.',
      },
      {
        owner: 'bridgeTools',
        option: 'tools[2]',
        message: `bridgeTools: tools names "${readFileTool.name}" twice; one of them would be lost.`,
      },
    ]);
  });
});

describe('an invocation of another specification version', () => {
  it('is refused by rebuildInvocation with unsupported_specification_version, naming both versions', () => {
    const future = ofVersion(readFileTool.build({ file_path: 'a.txt' }), 'v2');
    expect(isToolInvocation(future)).toBe(false);
    const error = (() => {
      try {
        rebuildInvocation(readFileTool, future, { limit: 3 });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(ToolInvocationError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      toolName: 'Read',
      message:
        "rebuildInvocation: this ToolInvocation says specificationVersion 'v2'; @toolwright/contracts 0.x accepts 'v1'; rebuild it with the contracts that built it.",
    });
  });

  it('describeInvocationVersionProblem ignores what is no invocation', () => {
    expect(describeInvocationVersionProblem({ specificationVersion: 'v2' }, 'x 0.x')).toBeUndefined();
    expect(
      describeInvocationVersionProblem(readFileTool.build({ file_path: 'a.txt' }), 'x 0.x'),
    ).toBeUndefined();
  });
});

describe('createTool with a SchemaValidator of another specification version', () => {
  const config = {
    name: 'Lookup',
    kind: ToolKind.ReadOnly,
    description: 'Looks a key up.',
    execute: async () => ToolResults.success('ok'),
  };

  it('refuses it with unsupported_specification_version, naming both versions', () => {
    const validator = ofVersion(
      compileJsonSchema({ type: 'object', properties: { key: { type: 'string' } } }),
      'v2',
    );
    const error = (() => {
      try {
        createTool({ ...config, schema: validator });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(InvalidToolDefinitionError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({
      code: 'unsupported_specification_version',
      toolName: 'Lookup',
      problems: [
        "schema: this SchemaValidator says specificationVersion 'v2'; @toolwright/contracts 0.x accepts 'v1'",
      ],
    });
  });

  it('still takes v1 validators and TypeBox schemas', () => {
    const validator = compileJsonSchema({ type: 'object', properties: { key: { type: 'string' } } });
    expect(isTool(createTool({ ...config, schema: validator }))).toBe(true);
    expect(isTool(createTool({ ...config, schema: Type.Object({ key: Type.String() }) }))).toBe(true);
  });
});
