import { Type as Type034 } from '@sinclair/typebox';
import { lintToolDeclaration, PROVIDER_TARGETS, ToolValidationError } from '@toolwright/validation';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import Type, { type Static } from 'typebox';
import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { createTool } from './create-tool.js';
import { isDeeplyFrozen } from './deep-freeze.js';
import { InvalidToolDefinitionError } from './errors.js';
import { assertToolConformance } from './testing/assert-tool-conformance.js';
import type { Tool } from './tool.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';
import type { TypeBox1Static } from './typebox1-static.js';

const execute = async () => ToolResults.success('ok');
type ParamsOf<T> = T extends Tool<infer P> ? P : never;

/** The same Edit-like params in every library: path, edits[{ old, new, all? (default false) }], mode?. */
const schemas = {
  'typebox 0.34': Type034.Object({
    path: Type034.String({ minLength: 1 }),
    edits: Type034.Array(
      Type034.Object({
        old: Type034.String(),
        new: Type034.String(),
        all: Type034.Optional(Type034.Boolean({ default: false })),
      }),
      { minItems: 1 },
    ),
    mode: Type034.Optional(Type034.Union([Type034.Literal('fast'), Type034.Literal('full')])),
  }),
  'typebox 1': Type.Object({
    path: Type.String({ minLength: 1 }),
    edits: Type.Array(
      Type.Object({
        old: Type.String(),
        new: Type.String(),
        all: Type.Optional(Type.Boolean({ default: false })),
      }),
      { minItems: 1 },
    ),
    mode: Type.Optional(Type.Union([Type.Literal('fast'), Type.Literal('full')])),
  }),
  zod: z.object({
    path: z.string().min(1),
    edits: z.array(z.object({ old: z.string(), new: z.string(), all: z.boolean().default(false) })).min(1),
    mode: z.enum(['fast', 'full']).optional(),
  }),
  valibot: toStandardJsonSchema(
    v.object({
      path: v.pipe(v.string(), v.minLength(1)),
      edits: v.pipe(
        v.array(v.object({ old: v.string(), new: v.string(), all: v.optional(v.boolean(), false) })),
        v.minLength(1),
      ),
      mode: v.optional(v.picklist(['fast', 'full'])),
    }),
  ),
  arktype: type({
    path: 'string > 0',
    edits: type({ old: 'string', new: 'string', all: 'boolean = false' }).array().atLeastLength(1),
    'mode?': "'fast' | 'full'",
  }),
  'json schema': {
    type: 'object',
    properties: {
      path: { type: 'string', minLength: 1 },
      edits: {
        type: 'array',
        minItems: 1,
        items: {
          type: 'object',
          properties: {
            old: { type: 'string' },
            new: { type: 'string' },
            all: { type: 'boolean', default: false },
          },
          required: ['old', 'new'],
        },
      },
      mode: { type: 'string', enum: ['fast', 'full'] },
    },
    required: ['path', 'edits'],
  },
} as const;

function editTool(schema: object): Tool {
  return createTool({
    name: 'Edit',
    kind: ToolKind.Write,
    schema,
    description: 'Edits a file.',
    execute,
  }) as Tool;
}

function buildError(tool: Tool, input: unknown): ToolValidationError {
  try {
    tool.build(input);
  } catch (error) {
    if (ToolValidationError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('build accepted the input');
}

describe.each(Object.entries(schemas))('createTool with a %s schema', (_label, schema) => {
  const tool = editTool(schema);

  it('builds an invocation with defaults filled and params frozen through and through', () => {
    const input = { path: 'a.ts', edits: [{ old: 'x', new: 'y' }] };
    const invocation = tool.build(input);
    expect(invocation.params).toEqual({ path: 'a.ts', edits: [{ old: 'x', new: 'y', all: false }] });
    expect(isDeeplyFrozen(invocation.params)).toBe(true);
    expect(Object.isFrozen(input)).toBe(false);
    expect(input.edits[0]).toEqual({ old: 'x', new: 'y' });
  });

  it('reports coercions and refuses unknown arguments by the tool policy', () => {
    const invocation = tool.build({ path: 'a.ts', edits: '[{"old":"x","new":"y","all":true}]' });
    expect(invocation.coercions.map((coercion) => coercion.kind)).toEqual(['json-string-to-array']);
    expect(invocation.params).toEqual({ path: 'a.ts', edits: [{ old: 'x', new: 'y', all: true }] });
    const error = buildError(tool, { path: 'a.ts', edits: [{ old: 'x', new: 'y', replace_all: true }] });
    expect(error.issues).toEqual([
      expect.objectContaining({ path: '/edits/0/replace_all', keyword: 'additionalProperties' }),
    ]);
  });

  it('gives the model one message shape', () => {
    const error = buildError(tool, { path: '', edits: [] });
    expect(error.message).toMatch(/^Invalid arguments for tool "Edit" \(2 problems\); fix and call again:/);
    expect(error.issues.map((issue) => [issue.path, issue.keyword])).toEqual(
      expect.arrayContaining([
        ['/path', 'minLength'],
        ['/edits', 'minItems'],
      ]),
    );
  });

  it('declares lint-clean parameters for every provider from the schema', () => {
    for (const target of PROVIDER_TARGETS) {
      const declaration = tool.getFunctionDeclaration(target);
      // ArkType's JSON Schema lists properties sorted; the others keep the written order.
      expect(Object.keys(declaration.parameters.properties as object).sort()).toEqual([
        'edits',
        'mode',
        'path',
      ]);
      expect(lintToolDeclaration(declaration, target)).toEqual([]);
    }
    expect(tool.getMetadata().inputSchema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['path', 'edits']),
    });
  });

  it('passes the conformance kit', () => {
    expect(() =>
      assertToolConformance(tool, { validInputs: [{ path: 'a.ts', edits: [{ old: 'x', new: 'y' }] }] }),
    ).not.toThrow();
  });
});

describe('library output', () => {
  it('is deep-frozen whatever a transform or morph returns', () => {
    const cases = [
      z.object({ spec: z.string().transform((text) => ({ text, parts: [text] })) }),
      toStandardJsonSchema(
        v.object({
          spec: v.pipe(
            v.string(),
            v.transform((text) => ({ text, parts: [text] })),
          ),
        }),
      ),
      type({ spec: type('string').pipe((text) => ({ text, parts: [text] })) }),
    ];
    for (const schema of cases) {
      const params = editTool(schema).build({ spec: 'a' }).params;
      expect(params).toEqual({ spec: { text: 'a', parts: ['a'] } });
      expect(isDeeplyFrozen(params)).toBe(true);
    }
  });

  it('is frozen by the freezer specialised from the output schema when the library gives one', () => {
    const tool = editTool(
      z.object({ edits: z.array(z.object({ old: z.string(), all: z.boolean().default(false) })) }),
    );
    const input = { edits: [{ old: 'a' }, { old: 'b', all: true }] };
    const params = tool.build(input).params;
    expect(isDeeplyFrozen(params)).toBe(true);
    expect(Object.isFrozen(input.edits[1])).toBe(false);
  });
});

describe('createTool refusals', () => {
  it('refuses an asynchronous Standard Schema with an error that says so', () => {
    const schema = z.object({ path: z.string().refine(async (path) => path.length > 0) });
    expect(() => editTool(schema)).toThrow(InvalidToolDefinitionError);
    expect(() => editTool(schema)).toThrow(/returned a Promise.*validated synchronously/);
  });

  it('refuses a root that is not an object, whatever the kind', () => {
    for (const schema of [z.string(), Type.String(), { type: 'string' }]) {
      expect(() => editTool(schema)).toThrow(/a tool's parameters must be an object schema/);
    }
  });

  it('refuses a JSON Schema naming an unknown type, with the node, the value and the accepted types', () => {
    const schema = { type: 'object', properties: { path: { type: 'strnig' } } };
    expect(() => editTool(schema)).toThrow(InvalidToolDefinitionError);
    expect(() => editTool(schema)).toThrow(
      'the schema node at /properties/path has type "strnig", which is not a JSON Schema type (did you mean "string"?); accepted types: string, number, integer, boolean, object, array, null',
    );
  });

  it('refuses a value of no accepted kind, naming every accepted kind', () => {
    expect(() => editTool(new Map())).toThrow(
      /expected a TypeBox schema .* Standard Schema .* plain JSON Schema object/,
    );
  });
});

describe('params types', () => {
  it('come from each library', () => {
    type Edit = { path: string; edits: { old: string; new: string; all: boolean }[]; mode?: 'fast' | 'full' };
    const zodTool = createTool({
      name: 'E',
      kind: ToolKind.Write,
      schema: schemas.zod,
      description: 'E.',
      execute,
    });
    expectTypeOf<ParamsOf<typeof zodTool>['edits'][number]['all']>().toEqualTypeOf<boolean>();
    expectTypeOf(zodTool).toEqualTypeOf<Tool<Edit>>();

    const valibotTool = createTool({
      name: 'E',
      kind: ToolKind.Write,
      schema: schemas.valibot,
      description: 'E.',
      execute,
    });
    expectTypeOf<ParamsOf<typeof valibotTool>['path']>().toEqualTypeOf<string>();
    expectTypeOf<ParamsOf<typeof valibotTool>['mode']>().toEqualTypeOf<'fast' | 'full' | undefined>();

    const arkTool = createTool({
      name: 'E',
      kind: ToolKind.Write,
      schema: schemas.arktype,
      description: 'E.',
      execute,
    });
    expectTypeOf<ParamsOf<typeof arkTool>['edits'][number]['all']>().toEqualTypeOf<boolean>();
    expectTypeOf<ParamsOf<typeof arkTool>['mode']>().toEqualTypeOf<'fast' | 'full' | undefined>();

    const typebox1Tool = createTool({
      name: 'E',
      kind: ToolKind.Write,
      schema: schemas['typebox 1'],
      description: 'E.',
      execute,
    });
    expectTypeOf<ParamsOf<typeof typebox1Tool>['path']>().toEqualTypeOf<string>();
    expectTypeOf<ParamsOf<typeof typebox1Tool>['mode']>().toEqualTypeOf<'fast' | 'full' | undefined>();
    // The structural reading agrees with TypeBox 1's own Static (contracts' types never import typebox).
    expectTypeOf<ParamsOf<typeof typebox1Tool>>().toEqualTypeOf<Static<(typeof schemas)['typebox 1']>>();
    const wide = Type.Object({
      tuple: Type.Tuple([Type.String(), Type.Number()]),
      record: Type.Record(Type.String(), Type.Boolean()),
      both: Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.Null() })]),
      level: Type.Enum(['low', 'high']),
    });
    expectTypeOf<TypeBox1Static<typeof wide>>().toEqualTypeOf<Static<typeof wide>>();

    const typebox034Tool = createTool({
      name: 'E',
      kind: ToolKind.Write,
      schema: schemas['typebox 0.34'],
      description: 'E.',
      execute,
    });
    expectTypeOf<ParamsOf<typeof typebox034Tool>['path']>().toEqualTypeOf<string>();
    expectTypeOf<ParamsOf<typeof typebox034Tool>['edits'][number]['all']>().toEqualTypeOf<
      boolean | undefined
    >();

    // A transform shows through: params are the library's output type.
    const transformed = createTool({
      name: 'E',
      kind: ToolKind.Write,
      schema: z.object({ count: z.string().transform((text) => text.length) }),
      description: 'E.',
      execute: async (params) => {
        expectTypeOf(params.count).toEqualTypeOf<number>();
        return ToolResults.success('');
      },
    });
    expectTypeOf<ParamsOf<typeof transformed>['count']>().toEqualTypeOf<number>();
  });

  it('fall back to a record for plain JSON Schema, or the type named as the second argument', () => {
    const plain = createTool({
      name: 'E',
      kind: ToolKind.Write,
      schema: schemas['json schema'],
      description: 'E.',
      execute,
    });
    expectTypeOf(plain).toEqualTypeOf<Tool<Record<string, unknown>>>();
    type Params = { path: string };
    const named = createTool<(typeof schemas)['json schema'], Params>({
      name: 'E',
      kind: ToolKind.Write,
      schema: schemas['json schema'],
      description: 'E.',
      execute: async (params) => ToolResults.success(params.path),
    });
    expectTypeOf(
      named.build({ path: 'a', edits: [{ old: '', new: '' }] }).params.path,
    ).toEqualTypeOf<string>();
    expect(named.build({ path: 'a', edits: [{ old: '', new: '' }] }).params.path).toBe('a');
  });
});
