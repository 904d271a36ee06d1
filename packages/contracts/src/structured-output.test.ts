import { Type as Type034 } from '@sinclair/typebox';
import { rejectionOf, thrownBy } from '@toolwright/test-support';
import { compileJsonSchema, InvalidOptionError } from '@toolwright/validation';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import Type from 'typebox';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTool } from './create-tool.js';
import {
  ContractsErrorCode,
  InvalidToolDefinitionError,
  ToolInvocationError,
  ToolOutputValidationError,
} from './errors.js';
import { createTestExecutionContext } from './testing/create-test-context.js';
import { ToolKind } from './tool-kind.js';
import type { ToolResult } from './tool-result.js';
import { ToolResults } from './tool-results.js';

/** The same output in every library: `{ count: integer, names: string[] }`. */
const outputSchemas = {
  'typebox 0.34': Type034.Object({ count: Type034.Integer(), names: Type034.Array(Type034.String()) }),
  'typebox 1': Type.Object({ count: Type.Integer(), names: Type.Array(Type.String()) }),
  zod: z.object({ count: z.int(), names: z.array(z.string()) }),
  valibot: toStandardJsonSchema(
    v.object({ count: v.pipe(v.number(), v.integer()), names: v.array(v.string()) }),
  ),
  arktype: type({ count: 'number.integer', names: 'string[]' }),
  'json schema': {
    type: 'object',
    properties: { count: { type: 'integer' }, names: { type: 'array', items: { type: 'string' } } },
    required: ['count', 'names'],
    additionalProperties: false,
  },
  'schema validator': compileJsonSchema({
    type: 'object',
    properties: { count: { type: 'integer' }, names: { type: 'array', items: { type: 'string' } } },
    required: ['count', 'names'],
  }),
} as const;

/** A tool that returns whatever result its `result` argument's factory makes. */
function reporter(outputSchema: object | undefined, result: (value: unknown) => ToolResult) {
  return createTool({
    name: 'Count',
    kind: ToolKind.ReadOnly,
    schema: Type034.Object({ value: Type034.Unknown() }),
    ...(outputSchema === undefined ? {} : { outputSchema }),
    description: 'Counts names.',
    execute: async (params) => result(params.value),
  });
}

const run = (tool: ReturnType<typeof reporter>, value: unknown) =>
  tool.build({ value }).execute(createTestExecutionContext());

describe.each(Object.entries(outputSchemas))('an outputSchema of kind %s', (_kind, outputSchema) => {
  const tool = reporter(outputSchema, (value) => ToolResults.structured(value as Record<string, unknown>));

  it('is listed in the metadata as the JSON Schema of an object with those properties', () => {
    const listed = tool.getMetadata().outputSchema as { type: string; properties: Record<string, unknown> };
    expect(listed.type).toBe('object');
    expect(Object.keys(listed.properties).sort()).toEqual(['count', 'names']);
    expect(Object.isFrozen(listed)).toBe(true);
    expect(tool.outputValidator?.source).toBeDefined();
  });

  it('lets a matching value through as structuredContent, with a JSON text for the model', async () => {
    const result = await run(tool, { count: 2, names: ['a', 'b'] });
    expect(result).toEqual({
      llmContent: '{"count":2,"names":["a","b"]}',
      structuredContent: { count: 2, names: ['a', 'b'] },
    });
  });

  it('refuses a mismatching value with a typed error naming each path and what was expected', async () => {
    const error = await rejectionOf(run(tool, { count: '2', names: ['a', 3] }), ToolOutputValidationError);
    expect(error.code).toBe(ContractsErrorCode.InvalidStructuredOutput);
    expect(error.toolName).toBe('Count');
    expect(error.issues.map((issue) => issue.path)).toEqual(['/count', '/names/1']);
    expect(error.message).toMatch(
      /^Tool "Count" returned structuredContent that does not match its outputSchema:\n- \/count: expected integer.*, got string "2"\n- \/names\/1: expected string, got integer 3$/,
    );
  });
});

describe('structured results', () => {
  const counted = reporter(outputSchemas['typebox 0.34'], (value) =>
    ToolResults.structured(value as Record<string, unknown>, 'Counted 1 name: a.', { display: 'a' }),
  );

  it('carry the text the tool gave instead of the JSON rendering, and the extras', async () => {
    await expect(run(counted, { count: 1, names: ['a'] })).resolves.toEqual({
      llmContent: 'Counted 1 name: a.',
      display: 'a',
      structuredContent: { count: 1, names: ['a'] },
    });
  });

  it('refuse a property the output schema does not declare: nothing undeclared reaches a client', async () => {
    const error = await rejectionOf(
      run(counted, { count: 1, names: [], secret: 'x' }),
      ToolOutputValidationError,
    );
    expect(error.issues).toEqual([
      expect.objectContaining({ path: '/secret', keyword: 'additionalProperties' }),
    ]);
  });

  it('may carry more properties when the output schema allows them, as the listed schema says', async () => {
    const open = reporter(
      { type: 'object', properties: { count: { type: 'integer' } }, additionalProperties: true },
      (value) => ToolResults.structured(value as Record<string, unknown>),
    );
    expect(open.getMetadata().outputSchema).toMatchObject({ additionalProperties: true });
    await expect(run(open, { count: 1, note: 'extra' })).resolves.toMatchObject({
      structuredContent: { count: 1, note: 'extra' },
    });
    // Without that, the listed schema is closed (additionalProperties: false), and so is the check.
    expect(counted.getMetadata().outputSchema).toMatchObject({ additionalProperties: false });
  });

  it('are not repaired: a number sent as a string is a mismatch, not a coercion', async () => {
    await rejectionOf(run(counted, { count: '1', names: [] }), ToolOutputValidationError);
  });

  it('must be there when the tool declares an outputSchema and succeeds', async () => {
    const plain = reporter(outputSchemas.zod, () => ToolResults.success('done'));
    const error = await rejectionOf(run(plain, null), ToolOutputValidationError);
    expect(error.message).toBe(
      'Tool "Count" declares an outputSchema but its result has no structuredContent; ' +
        'return ToolResults.structured(value, text?) with a value that matches the schema.',
    );
    expect(error.issues).toEqual([]);
  });

  it('are not required of a failure: an error result says why there is no output', async () => {
    const failing = reporter(outputSchemas.zod, () => ToolResults.notFound('No such list.'));
    await expect(run(failing, null)).resolves.toEqual({
      llmContent: 'No such list.',
      error: { type: 'not_found', message: 'No such list.' },
    });
  });

  it('of a tool without an outputSchema are passed on as they are, unchecked', async () => {
    const free = reporter(undefined, (value) => ToolResults.structured(value as Record<string, unknown>));
    expect(free.getMetadata()).not.toHaveProperty('outputSchema');
    expect(free.outputValidator).toBeUndefined();
    await expect(run(free, { anything: [1, 'two'] })).resolves.toEqual({
      llmContent: '{"anything":[1,"two"]}',
      structuredContent: { anything: [1, 'two'] },
    });
  });

  it('made by hand with a structuredContent that is not an object are not results', async () => {
    const handMade = reporter(undefined, () => ({ llmContent: '[1]', structuredContent: [1] }) as never);
    const error = await rejectionOf(run(handMade, null), ToolInvocationError);
    expect(error.code).toBe(ContractsErrorCode.InvalidToolResult);
    expect(error.message).toMatch(
      /structuredContent is \[1\]; expected a JSON object \(or leave it out\)\.$/,
    );
  });
});

describe('ToolResults.structured', () => {
  it.each([
    [[1, 2], 'value is [1,2]; expected a JSON object'],
    ['text', 'value is "text"; expected a JSON object'],
    [null, 'value is null; expected a JSON object'],
  ])('refuses %j, which is no JSON object', (value, message) => {
    const error = thrownBy(() => ToolResults.structured(value as never), InvalidOptionError);
    expect(error.message).toContain(message);
  });

  it('refuses a value JSON cannot render rather than hand the model a broken text', () => {
    const error = thrownBy(() => ToolResults.structured({ size: 10n }), InvalidOptionError);
    expect(error.message).toMatch(
      /value is .*, which cannot be rendered as JSON \(.*BigInt.*\); expected a JSON object/,
    );
  });

  it('refuses a text that is not a string', () => {
    const error = thrownBy(() => ToolResults.structured({ a: 1 }, 42 as never), InvalidOptionError);
    expect(error.message).toContain('text is 42; expected a string');
  });
});

describe('createTool outputSchema', () => {
  const define = (outputSchema: unknown) => () =>
    createTool({
      name: 'Count',
      kind: ToolKind.ReadOnly,
      schema: Type034.Object({}),
      outputSchema: outputSchema as object,
      description: 'Counts.',
      execute: async () => ToolResults.structured({}),
    });

  it.each([
    [
      Type034.String(),
      'outputSchema is a TypeBox "String"; a tool\'s structured output must be an object schema (Type.Object(...))',
    ],
    [
      z.array(z.string()),
      'outputSchema describes "array" at its root; a tool\'s structured output must be an object schema (type "object")',
    ],
    [
      { type: 'string' },
      'outputSchema describes "string" at its root; a tool\'s structured output must be an object schema (type "object")',
    ],
  ])('refuses a schema whose root is no object (%#)', (outputSchema, problem) => {
    const error = thrownBy(define(outputSchema), InvalidToolDefinitionError);
    expect(error.problems).toEqual([problem]);
  });

  it('refuses a value that is no schema, listed with the config’s other problems', () => {
    const error = thrownBy(define(42), InvalidToolDefinitionError);
    expect(error.problems).toEqual([expect.stringMatching(/^outputSchema is 42; expected /)]);
  });
});
