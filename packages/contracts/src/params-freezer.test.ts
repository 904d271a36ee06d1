import { type TSchema, Type } from '@sinclair/typebox';
import { compileJsonSchema } from '@toolwright/validation';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { isDeeplyFrozen } from './deep-freeze.js';
import { freezeParsed } from './freeze-parsed.js';
import { compileParamsFreezer } from './params-freezer.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

function toolFor<S extends TSchema | ReturnType<typeof compileJsonSchema>>(schema: S) {
  return createTool({
    name: 'Probe',
    kind: ToolKind.ReadOnly,
    schema,
    description: 'Probe.',
    execute: async () => ToolResults.success(''),
  });
}

/** Every object reachable from `value` (plain data only). */
function objectNodes(value: unknown, into = new Set<object>()): Set<object> {
  if (typeof value === 'object' && value !== null && !into.has(value)) {
    into.add(value);
    for (const child of Object.values(value)) {
      objectNodes(child, into);
    }
  }
  return into;
}

function hasFrozenPart(value: unknown): boolean {
  return [...objectNodes(value)].some((node) => Object.isFrozen(node));
}

/** What a user relies on after build(): equal to the parse, deeply frozen, nothing shared or frozen of theirs. */
function expectIsolatedFrozenParams(params: unknown, input: unknown, parsed: unknown): void {
  expect(params).toEqual(parsed);
  expect(isDeeplyFrozen(params)).toBe(true);
  expect(hasFrozenPart(input)).toBe(false);
  const inputNodes = objectNodes(input);
  expect([...objectNodes(params)].filter((node) => inputNodes.has(node))).toEqual([]);
}

const editSchema = Type.Object(
  {
    file_path: Type.String(),
    edits: Type.Array(
      Type.Object({
        old_string: Type.String(),
        new_string: Type.String(),
        replace_all: Type.Optional(Type.Boolean({ default: false })),
      }),
    ),
    options: Type.Optional(
      Type.Object({
        dry_run: Type.Optional(Type.Boolean({ default: true })),
        tags: Type.Array(Type.String()),
      }),
    ),
  },
  { additionalProperties: false },
);

const editInput = fc.record(
  {
    file_path: fc.string(),
    edits: fc.array(
      fc.record(
        { old_string: fc.string(), new_string: fc.string(), replace_all: fc.boolean() },
        { requiredKeys: ['old_string', 'new_string'] },
      ),
      { maxLength: 5 },
    ),
    options: fc.record(
      { dry_run: fc.boolean(), tags: fc.array(fc.string(), { maxLength: 3 }) },
      { requiredKeys: ['tags'] },
    ),
  },
  { requiredKeys: ['file_path', 'edits'] },
);

describe('per-tool params freezer', () => {
  it('freezes every valid call deeply, equal to the parse, sharing and freezing nothing of the caller (property)', () => {
    const tool = toolFor(editSchema);
    fc.assert(
      fc.property(editInput, (input) => {
        const snapshot = structuredClone(input);
        const parsed = tool.validator.parse(structuredClone(input)).value;
        const invocation = tool.build(input);
        expectIsolatedFrozenParams(invocation.params, input, parsed);
        expect(input).toEqual(snapshot);
      }),
      { numRuns: 300 },
    );
  });

  it('copies a call that needed no defaults (parse returned the input itself) before freezing it', () => {
    const tool = toolFor(editSchema);
    const input = {
      file_path: 'a.ts',
      edits: [{ old_string: 'a', new_string: 'b', replace_all: true }],
      options: { dry_run: false, tags: ['x'] },
    };
    expect(tool.validator.parse(input).value).toBe(input);
    const invocation = tool.build(input);
    expectIsolatedFrozenParams(invocation.params, input, input);
    input.edits[0]!.old_string = 'changed by the caller later';
    input.options.tags.push('later');
    expect(invocation.params.edits[0]?.old_string).toBe('a');
    expect(invocation.params.options?.tags).toEqual(['x']);
  });

  it('keeps a null-prototype input object as data (copied with its prototype, frozen)', () => {
    const tool = toolFor(Type.Object({ path: Type.String() }));
    const input = Object.assign(Object.create(null) as Record<string, unknown>, { path: 'a.txt' });
    const params = tool.build(input).params as Record<string, unknown>;
    expect(params).not.toBe(input);
    expect(Object.getPrototypeOf(params)).toBeNull();
    expect(params.path).toBe('a.txt');
    expect(Object.isFrozen(params)).toBe(true);
    expect(Object.isFrozen(input)).toBe(false);
  });

  it('falls back to the generic walk where the schema does not pin the shape: open objects, unions, foreign validators', () => {
    const openSchema = Type.Object(
      { name: Type.String(), choice: Type.Union([Type.String(), Type.Object({ depth: Type.Number() })]) },
      { additionalProperties: true },
    );
    const input = { name: 'n', choice: { depth: 2 }, extra: { nested: [{ deep: true }] } };
    for (const tool of [
      toolFor(openSchema),
      toolFor(compileJsonSchema(JSON.parse(JSON.stringify(openSchema)))),
    ]) {
      const params = tool.build(input).params;
      expectIsolatedFrozenParams(params, input, input);
    }
  });

  it('freezes the values of a map-like object (additionalProperties with a schema) through the generic walk', () => {
    const tool = toolFor(
      Type.Object({
        env: Type.Object({}, { additionalProperties: Type.Object({ value: Type.String() }) }),
        note: Type.Optional(Type.String({ default: '' })),
      }),
    );
    const input = { env: { HOME: { value: '/root' }, PATH: { value: '/bin' } } };
    const invocation = tool.build(input);
    expectIsolatedFrozenParams(invocation.params, input, { ...input, note: '' });
  });

  it('chooses the specialised freezer only for closed objects and typed arrays, the generic walk otherwise', () => {
    expect(compileParamsFreezer({ type: 'object', properties: { a: { type: 'string' } } })).toBe(
      freezeParsed,
    );
    expect(
      compileParamsFreezer({
        type: 'object',
        properties: { a: { type: 'string' } },
        patternProperties: { '^x': {} },
        additionalProperties: false,
      }),
    ).toBe(freezeParsed);
    expect(compileParamsFreezer({ anyOf: [{ type: 'object' }] })).toBe(freezeParsed);
    expect(
      compileParamsFreezer({
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: false,
      }),
    ).not.toBe(freezeParsed);
    // A closed object declaring "__proto__" cannot be read by name safely: generic walk.
    expect(
      compileParamsFreezer({
        type: 'object',
        properties: JSON.parse('{"__proto__": {"type": "string"}}'),
        additionalProperties: false,
      }),
    ).toBe(freezeParsed);
  });

  it('a specialised freezer meeting an unexpected node hands it to the generic walk instead of trusting the schema', () => {
    const freeze = compileParamsFreezer({
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    });
    const input = { items: { not: ['an array'] } };
    const frozen = freeze(input, input);
    expectIsolatedFrozenParams(frozen, input, input);
  });
});
