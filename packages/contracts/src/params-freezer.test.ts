import { type TSchema, Type } from '@sinclair/typebox';
import { compileJsonSchema } from '@toolwright/validation';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTool } from './create-tool.js';
import { deepFreeze, isDeeplyFrozen } from './deep-freeze.js';
import { freezeParsed, frozenCopy } from './freeze-parsed.js';
import { compileParamsFreezer } from './params-freezer.js';
import { objectNodes } from './test-support/object-nodes.js';
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

function hasFrozenPart(value: unknown): boolean {
  return objectNodes(value).some((node) => Object.isFrozen(node));
}

/** What a user relies on after build(): equal to the parse, deeply frozen, nothing shared or frozen of theirs. */
function expectIsolatedFrozenParams(params: unknown, input: unknown, parsed: unknown): void {
  expect(params).toEqual(parsed);
  expect(isDeeplyFrozen(params)).toBe(true);
  expect(hasFrozenPart(input)).toBe(false);
  const inputNodes = new Set(objectNodes(input));
  expect(objectNodes(params).filter((node) => inputNodes.has(node))).toEqual([]);
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

  it('freezes where the schema does not pin the shape too: open objects, unions, foreign validators', () => {
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

  it('chooses a specialised freezer for objects (closed or open) and typed arrays, the generic walk otherwise', () => {
    expect(compileParamsFreezer({ type: 'object', properties: { a: { type: 'string' } } })).not.toBe(
      freezeParsed,
    );
    expect(
      compileParamsFreezer({
        type: 'object',
        properties: { a: { type: 'string' } },
        patternProperties: { '^x': {} },
        additionalProperties: false,
      }),
    ).not.toBe(freezeParsed);
    expect(compileParamsFreezer({ anyOf: [{ type: 'object' }] })).toBe(freezeParsed);
    expect(
      compileParamsFreezer({
        type: 'object',
        properties: { a: { type: 'string' } },
        additionalProperties: false,
      }),
    ).not.toBe(freezeParsed);
    expect(compileParamsFreezer({ type: 'array', items: { type: 'string' } })).not.toBe(freezeParsed);
    // Not a schema object, or `properties` that is not one: nothing is pinned.
    for (const schema of [
      null,
      undefined,
      'object',
      { type: 'object', properties: true, additionalProperties: false },
    ]) {
      expect(compileParamsFreezer(schema)).toBe(freezeParsed);
    }
    // A closed object declaring "__proto__" cannot be read by name safely: generic walk.
    expect(
      compileParamsFreezer({
        type: 'object',
        properties: JSON.parse('{"__proto__": {"type": "string"}}'),
        additionalProperties: false,
      }),
    ).toBe(freezeParsed);
  });

  it.each([['string'], ['number'], ['integer'], ['boolean'], ['null'], [['string', 'null']]])(
    'trusts validation: below a node typed %j nothing is walked (valid values hold no object there)',
    (type) => {
      const invalid = { smuggled: {} };
      expect(compileParamsFreezer({ type })(invalid, undefined)).toBe(invalid);
      const closedSchema = { type: 'object', properties: { p: { type } }, additionalProperties: false };
      const closed = compileParamsFreezer(closedSchema);
      const list = compileParamsFreezer({ type: 'array', items: { type } });
      const listOfClosed = compileParamsFreezer({ type: 'array', items: closedSchema });
      const record = { p: invalid };
      const items = [invalid];
      const records = [{ p: invalid }];
      expect(closed(record, undefined)).toBe(record);
      expect(list(items, undefined)).toBe(items);
      expect(listOfClosed(records, undefined)).toBe(records);
      expect([record, items, records, records[0]].every((node) => Object.isFrozen(node))).toBe(true);
      expect(noneFrozen(invalid)).toBe(true);
    },
  );

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

const allFrozen = (value: unknown) => objectNodes(value).every((node) => Object.isFrozen(node));
const noneFrozen = (value: unknown) => objectNodes(value).every((node) => !Object.isFrozen(node));

const SCHEMAS: ReadonlyArray<[string, Record<string, unknown>, unknown]> = [
  [
    'a closed object of primitives',
    {
      type: 'object',
      properties: { a: { type: 'string' }, n: { type: ['number', 'null'] } },
      additionalProperties: false,
    },
    { a: 'x', n: null },
  ],
  [
    'a closed object holding objects and arrays',
    {
      type: 'object',
      properties: {
        inner: { type: 'object', properties: { deep: { type: 'object' } }, additionalProperties: false },
        list: {
          type: 'array',
          items: { type: 'object', properties: { k: { type: 'integer' } }, additionalProperties: false },
        },
        tags: { type: 'array', items: { type: 'string' } },
        grid: { type: 'array', items: { type: 'array', items: { type: 'number' } } },
      },
      additionalProperties: false,
    },
    { inner: { deep: { x: [1, { y: 2 }] } }, list: [{ k: 1 }, { k: 2 }], tags: ['a'], grid: [[1, 2], [3]] },
  ],
  [
    'an open object',
    { type: 'object', properties: { a: { type: 'object' } } },
    { a: { b: [{ c: 1 }] }, extra: { d: [2] } },
  ],
  [
    "an open object of open objects, as Valibot's output schema writes an object",
    {
      type: 'object',
      properties: {
        path: { type: 'string' },
        edits: {
          type: 'array',
          items: { type: 'object', properties: { from: { type: 'string' }, at: { type: 'object' } } },
        },
      },
    },
    {
      path: 'p',
      edits: [
        { from: 'a', at: { line: [1] } },
        { from: 'b', more: [{ c: 2 }] },
      ],
      extra: [{}],
    },
  ],
  [
    'an object with declared and pattern properties',
    {
      type: 'object',
      properties: {
        a: { type: 'object', properties: {}, additionalProperties: false },
        s: { type: 'string' },
      },
      patternProperties: { '^x': {} },
      additionalProperties: false,
    },
    { a: {}, s: 's', x1: { y: [1] } },
  ],
  ['a union', { anyOf: [{ type: 'object' }, { type: 'array' }] }, { u: [{ v: 1 }] }],
  ['a tuple', { type: 'array', prefixItems: [{ type: 'object' }, { type: 'string' }] }, [{ t: [1] }, 's']],
  ['an array of anything', { type: 'array', items: {} }, [{ a: 1 }, [2, { b: 3 }]]],
  [
    'a closed object with a __proto__ property',
    JSON.parse('{"type":"object","properties":{"__proto__":{"type":"object"}},"additionalProperties":false}'),
    JSON.parse('{"__proto__":{"p":[1]}}'),
  ],
  [
    'an object with pattern properties',
    { type: 'object', patternProperties: { '^x': {} }, additionalProperties: false },
    { x1: { y: [1] } },
  ],
  ['an array with items given as a list', { type: 'array', items: [{ type: 'object' }] }, [{ i: {} }]],
  [
    'a tuple whose other items are primitives',
    { type: 'array', prefixItems: [{ type: 'object' }], items: { type: 'string' } },
    [{ t: [1] }, 's'],
  ],
  [
    'a nullable object',
    { type: ['object', 'null'], properties: { a: { type: 'object' } }, additionalProperties: false },
    { a: { b: [1] } },
  ],
  [
    'an array of closed objects holding arrays of closed objects',
    {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          rows: {
            type: 'array',
            items: { type: 'object', properties: { cell: { type: 'object' } }, additionalProperties: false },
          },
        },
        additionalProperties: false,
      },
    },
    [{ rows: [{ cell: { v: 1 } }, { cell: { v: [2] } }] }, { rows: [] }],
  ],
  ['no schema at all', true as never, { free: { form: [1] } }],
];

describe("compileParamsFreezer: the caller's objects are copied, the parse's own frozen in place", () => {
  it.each(SCHEMAS)("%s: the caller's whole value", (_, schema, sample) => {
    const input = structuredClone(sample);
    const snapshot = structuredClone(sample);
    const frozen = compileParamsFreezer(schema)(input, input);
    expect(frozen).toEqual(snapshot);
    expect(allFrozen(frozen)).toBe(true);
    expect(noneFrozen(input)).toBe(true);
    expect(input).toEqual(snapshot);
    if (typeof input === 'object' && input !== null) expect(frozen).not.toBe(input);
  });

  it.each(SCHEMAS)("%s: the parse's own value, sharing the caller's nodes below", (_, schema, sample) => {
    const input = structuredClone(sample) as Record<string, unknown>;
    // A parse result: a new root whose children are still the caller's (copy-on-write).
    const parsed = (Array.isArray(input) ? [...input] : { ...input }) as Record<string, unknown>;
    const frozen = compileParamsFreezer(schema)(parsed, input);
    expect(frozen).toBe(parsed);
    expect(allFrozen(frozen)).toBe(true);
    expect(noneFrozen(input)).toBe(true);
    expect(frozen).toEqual(sample);
  });

  it.each(SCHEMAS)(
    "%s: the parse's own value with nothing of the caller's, frozen in place",
    (_, schema, sample) => {
      const parsed = structuredClone(sample);
      const parsedNodes = objectNodes(parsed);
      const frozen = compileParamsFreezer(schema)(parsed, undefined);
      expect(frozen).toBe(parsed);
      expect(allFrozen(frozen)).toBe(true);
      expect(objectNodes(frozen).filter((node) => !parsedNodes.includes(node))).toEqual([]);
      expect(frozen).toEqual(sample);
    },
  );

  it.each(SCHEMAS)(
    "%s: the parse's own value that it froze itself, accepted without a write",
    (_, schema, sample) => {
      // A library may hand out a frozen default: nothing in it may be written, not even its own value.
      const parsed = deepFreeze(structuredClone(sample));
      expect(compileParamsFreezer(schema)(parsed, undefined)).toBe(parsed);
      expect(compileParamsFreezer(schema)(parsed, structuredClone(sample))).toBe(parsed);
    },
  );

  it('primitive schemas and values need no work', () => {
    for (const schema of [{ type: 'string' }, { type: ['integer', 'boolean'] }, { type: 'null' }]) {
      expect(compileParamsFreezer(schema)('x', 'x')).toBe('x');
    }
    expect(compileParamsFreezer({ type: 'object', additionalProperties: false })(5, 5)).toBe(5);
    expect(compileParamsFreezer({ type: 'array', items: { type: 'string' } })(null, null)).toBe(null);
    expect(compileParamsFreezer({ type: [] })({ a: {} }, undefined)).toEqual({ a: {} });
    expect(allFrozen(compileParamsFreezer({ type: [] })({ a: {} }, undefined))).toBe(true);
  });

  it('null, undefined and primitives in place of an object or array come back as they are', () => {
    const closed = {
      type: 'object',
      properties: { inner: { type: 'object', additionalProperties: false } },
      additionalProperties: false,
    };
    for (const schema of [
      closed,
      { type: 'array', items: closed },
      { type: 'array', items: { type: 'string' } },
    ]) {
      const freeze = compileParamsFreezer(schema);
      for (const value of [null, undefined, 0, 'text', false]) {
        expect(freeze(value, value)).toBe(value);
        expect(freeze(value, undefined)).toBe(value);
        expect(freeze(value, { inner: {} })).toBe(value);
      }
    }
  });

  it("an absent optional property stays absent, whether the object is the parse's or the caller's", () => {
    const freeze = compileParamsFreezer({
      type: 'object',
      properties: {
        path: { type: 'string' },
        options: { type: 'object', properties: { depth: { type: 'integer' } }, additionalProperties: false },
        list: { type: 'array', items: { type: 'object' } },
        toString: { type: 'object' },
      },
      additionalProperties: false,
    });
    const input = { path: 'a' };
    for (const frozen of [
      freeze(input, input),
      freeze({ path: 'a' }, undefined),
      freeze({ path: 'a' }, input),
    ]) {
      expect(Object.keys(frozen as object)).toEqual(['path']);
      expect(Object.isFrozen(frozen)).toBe(true);
    }
    expect(Object.isFrozen(input)).toBe(false);
  });

  it("the nodes of an array of closed objects are copied where they are the caller's, kept where the parse made them", () => {
    const freeze = compileParamsFreezer({
      type: 'array',
      items: {
        type: 'object',
        properties: { tags: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    });
    const shared = { tags: ['a'] };
    const input = [shared, { tags: ['b'] }];
    // The parse rebuilt the second item (a default filled) and kept the first.
    const made = { tags: ['b'], extra: true };
    const parsed = [shared, made];
    const frozen = freeze(parsed, input) as Array<{ tags: string[] }>;
    expect(frozen).toBe(parsed);
    expect(frozen[1]).toBe(made);
    expect(frozen[0]).not.toBe(shared);
    expect(frozen[0]?.tags).not.toBe(shared.tags);
    expect(frozen).toEqual([{ tags: ['a'] }, { tags: ['b'], extra: true }]);
    expect(allFrozen(frozen)).toBe(true);
    expect(noneFrozen(input)).toBe(true);
  });

  it("a node the parse made at a closed object's place is frozen in place, even when it is not plain", () => {
    class Made {
      count = 1;
    }
    const made = new Made();
    const freeze = compileParamsFreezer({
      type: 'object',
      properties: { inner: { type: 'object', additionalProperties: false } },
      additionalProperties: false,
    });
    const parsed = { inner: made };
    expect(freeze(parsed, { inner: {} })).toBe(parsed);
    expect(parsed.inner).toBe(made);
    expect(Object.isFrozen(made)).toBe(true);
  });

  it("a non-plain node (a class instance) of the caller's is neither copied nor frozen", () => {
    const when = new Date(0);
    for (const schema of [
      { type: 'object', additionalProperties: false },
      { type: 'object', properties: { at: { type: 'object' } }, additionalProperties: false },
      { type: 'array', items: { type: 'string' } },
      { type: 'array', items: { type: 'object' } },
      {},
    ]) {
      expect(compileParamsFreezer(schema)(when, when)).toBe(when);
      expect(Object.isFrozen(when)).toBe(false);
    }
    const holder = { at: when };
    const frozen = freezeParsed(holder, holder) as { at: Date };
    expect(frozen.at).toBe(when);
    expect(Object.isFrozen(when)).toBe(false);
    expect(frozenCopy([when])[0]).toBe(when);
  });
});

describe('build() freezes params whatever the schema, without freezing what the caller passed', () => {
  it.each(SCHEMAS.filter(([name]) => name.startsWith('a closed object') && !name.includes('__proto__')))(
    '%s',
    (_, schema, sample) => {
      const tool = createTool({
        name: 'Probe',
        kind: ToolKind.ReadOnly,
        schema: compileJsonSchema(schema),
        description: 'probe',
        execute: async () => ToolResults.success('ok'),
      });
      const input = structuredClone(sample);
      const invocation = tool.build(input);
      expect(invocation.params).toEqual(sample);
      expect(allFrozen(invocation.params)).toBe(true);
      expect(noneFrozen(input)).toBe(true);
    },
  );

  it('TypeBox params too, with coercions frozen', () => {
    const tool = createTool({
      name: 'Probe',
      kind: ToolKind.ReadOnly,
      schema: Type.Object({ n: Type.Integer(), list: Type.Array(Type.Object({ x: Type.Number() })) }),
      description: 'probe',
      execute: async () => ToolResults.success('ok'),
    });
    const input = { n: '5', list: [{ x: 1 }] };
    const invocation = tool.build(input);
    expect(invocation.params).toEqual({ n: 5, list: [{ x: 1 }] });
    expect(allFrozen(invocation)).toBe(true);
    expect(noneFrozen(input)).toBe(true);
  });
});
