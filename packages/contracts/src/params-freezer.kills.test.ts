// What build() promises about params, pinned where the mutation run (mutation/) found the suite
// silent: every node of the params is frozen (whatever the schema's shape), the caller's own
// objects are copied and never frozen in place, plain data only; and what createTool says about
// each bad field of a config, word for word.
import { Type } from '@sinclair/typebox';
import { compileJsonSchema } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { checkToolConfig } from './check-tool-config.js';
import { createTool } from './create-tool.js';
import { deepFreeze, isDeeplyFrozen } from './deep-freeze.js';
import { freezeParsed, frozenCopy } from './freeze-parsed.js';
import { compileParamsFreezer } from './params-freezer.js';
import { ToolKind } from './tool-kind.js';
import { ToolResults } from './tool-results.js';

/** Every object reachable from `value` (own keys), frozen or not: an oracle independent of the code. */
function nodes(value: unknown, seen = new Set<object>()): object[] {
  if (typeof value !== 'object' || value === null || seen.has(value)) return [];
  seen.add(value);
  for (const key of Reflect.ownKeys(value)) nodes((value as Record<PropertyKey, unknown>)[key], seen);
  return [...seen];
}
const allFrozen = (value: unknown) => nodes(value).every((node) => Object.isFrozen(node));
const noneFrozen = (value: unknown) => nodes(value).every((node) => !Object.isFrozen(node));

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

  it.each(SCHEMAS)("%s: the parse's own value with nothing of the caller's", (_, schema, sample) => {
    const parsed = structuredClone(sample);
    const frozen = compileParamsFreezer(schema)(parsed, undefined);
    expect(frozen).toBe(parsed);
    expect(allFrozen(frozen)).toBe(true);
  });

  it('primitive schemas and values need no work', () => {
    for (const schema of [{ type: 'string' }, { type: ['integer', 'boolean'] }, { type: 'null' }]) {
      expect(compileParamsFreezer(schema)('x', 'x')).toBe('x');
    }
    expect(compileParamsFreezer({ type: 'object', additionalProperties: false })(5, 5)).toBe(5);
    expect(compileParamsFreezer({ type: 'array', items: { type: 'string' } })(null, null)).toBe(null);
    expect(compileParamsFreezer({ type: [] })({ a: {} }, undefined)).toEqual({ a: {} });
    expect(allFrozen(compileParamsFreezer({ type: [] })({ a: {} }, undefined))).toBe(true);
  });

  it('a non-plain node (a class instance) is neither copied nor frozen', () => {
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

describe('deepFreeze and isDeeplyFrozen', () => {
  it('deepFreeze freezes every node, in arrays and objects, through cycles, leaving typed arrays open', () => {
    const bytes = new Uint8Array(2);
    const value: Record<string, unknown> = { a: [{ b: { c: [1] } }, null, 'x'], bytes, view: { d: 1 } };
    value.self = value;
    expect(deepFreeze(value)).toBe(value);
    expect(nodes(value).filter((node) => !Object.isFrozen(node))).toEqual([bytes]);
    expect(deepFreeze(5)).toBe(5);
    expect(deepFreeze(null)).toBe(null);
  });

  it('deepFreeze does not walk into a node that is already frozen', () => {
    const open = { inner: 1 };
    const sealed = Object.freeze({ open });
    deepFreeze({ sealed });
    expect(Object.isFrozen(open)).toBe(false);
    const frozenRoot = Object.freeze({ open });
    expect(deepFreeze(frozenRoot)).toBe(frozenRoot);
    expect(Object.isFrozen(open)).toBe(false);
  });

  it('isDeeplyFrozen finds an open node anywhere, including under a symbol key', () => {
    expect(isDeeplyFrozen(Object.freeze({ a: Object.freeze([Object.freeze({})]) }))).toBe(true);
    expect(isDeeplyFrozen(Object.freeze({ a: Object.freeze([{}]) }))).toBe(false);
    expect(isDeeplyFrozen(Object.freeze([Object.freeze([]), {}]))).toBe(false);
    expect(isDeeplyFrozen({})).toBe(false);
    expect(isDeeplyFrozen(Object.freeze({ [Symbol('s')]: {} }))).toBe(false);
    expect(isDeeplyFrozen(Object.freeze({ bytes: new Uint8Array(1) }))).toBe(true);
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(isDeeplyFrozen(Object.freeze(cyclic))).toBe(true);
    expect(isDeeplyFrozen('text')).toBe(true);
  });
});

describe('checkToolConfig names every problem, with the value and what is accepted', () => {
  const base = {
    name: 'Ok',
    kind: 'read-only',
    schema: Type.Object({}),
    description: 'd',
    execute: async () => ({}),
  };

  it('a config wrong in every field', () => {
    expect(
      checkToolConfig({
        name: 'bad name',
        kind: 'nope',
        schema: Type.String(),
        description: '  ',
        execute: 1,
        isRetrySafe: 'yes',
        displayName: ' ',
        parallelism: 'some',
        tags: ['a', ' '],
        extractSignatureContent: 5,
        source: { type: 'mcp', server: '' },
        validation: {
          coerce: 'maybe',
          unknownArguments: 'keep',
          locale: 'fr',
          limits: { maxBytes: 0, maxDepth: 2000 },
        },
      }),
    ).toEqual([
      'name "bad name" is not a portable tool name; expected ^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$ (a letter or "_", then up to 63 letters, digits, "_" or "-")',
      'kind "nope" is not a tool kind; expected one of "read-only", "write", "execute" (ToolKind.ReadOnly, ToolKind.Write, ToolKind.Execute)',
      'schema is a TypeBox "String"; a tool\'s parameters must be an object schema (Type.Object(...))',
      'description is empty; expected a non-empty string or { short, ... }',
      'isRetrySafe is "yes"; expected true or false (or leave it out)',
      'displayName is " "; expected a non-empty string (or leave it out)',
      'parallelism is "some"; expected "shared", "exclusive"',
      'tags is ["a"," "]; expected an array of non-empty strings',
      'source.server is ""; an MCP source needs a non-empty string server',
      'source.toolName is undefined; an MCP source needs a non-empty string toolName',
      'source.fingerprint is undefined; an MCP source needs a non-empty string fingerprint',
      'validation.coerce is "maybe"; expected "safe", "none"',
      'validation.unknownArguments is "keep"; expected "reject", "strip"',
      'validation.locale is "fr"; expected "en", "zh-CN"',
      'validation.limits.maxBytes is 0; expected a positive integer',
      'validation.limits.maxDepth is 2000; expected at most 1024 (tool arguments nest far less)',
      'extractSignatureContent is 5; expected a function of the params (or leave it out)',
      'execute is 1; expected an async function (params, context) => ToolResult',
    ]);
  });

  it.each([
    [
      { description: { short: ' ', long: 3, usageNotes: 4, important: 5, examples: ['a', 6], extra: 1 } },
      [
        'config.description: unknown option "extra"; accepted: short, long, usageNotes, examples, important.',
        'description.short is " "; expected a non-empty sentence saying what the tool does',
        'description.long is 3; expected a string (or leave it out)',
        'description.usageNotes is 4; expected a string or an array of strings (or leave it out)',
        'description.important is 5; expected a string or an array of strings (or leave it out)',
        'description.examples[1] is 6; expected a string or { description, params }',
      ],
    ],
    [
      { description: [] },
      [
        'description is []; expected a non-empty string or { short, long?, usageNotes?, examples?, important? }',
      ],
    ],
    [
      { description: null },
      [
        'description is null; expected a non-empty string or { short, long?, usageNotes?, examples?, important? }',
      ],
    ],
    [
      { description: { short: 'Reads.', examples: 'one' } },
      ['description.examples is "one"; expected an array of strings or { description, params }'],
    ],
    [{ description: { short: 'Reads.', long: 'More.', examples: ['e'] } }, []],
    [
      { schema: null },
      [
        'schema is null; expected a TypeBox schema (@sinclair/typebox 0.32–0.34 or typebox 1.x), a Standard Schema validator with Standard JSON Schema (Zod >= 4.2, ArkType >= 2.1.28, Valibot through toStandardJsonSchema), a plain JSON Schema object with "type": "object", or a SchemaValidator',
      ],
    ],
    [
      { schema: 5 },
      [
        'schema is 5; expected a TypeBox schema (@sinclair/typebox 0.32–0.34 or typebox 1.x), a Standard Schema validator with Standard JSON Schema (Zod >= 4.2, ArkType >= 2.1.28, Valibot through toStandardJsonSchema), a plain JSON Schema object with "type": "object", or a SchemaValidator',
      ],
    ],
    [{ schema: compileJsonSchema({ type: 'object' }) }, []],
    [{ validation: null }, ['validation is null; expected { coerce?, unknownArguments?, locale?, limits? }']],
    [{ validation: [] }, ['validation is []; expected { coerce?, unknownArguments?, locale?, limits? }']],
    [{ validation: { limits: 5 } }, ['validation.limits is 5; expected { maxBytes?, maxDepth? }']],
    [{ validation: { limits: null } }, ['validation.limits is null; expected { maxBytes?, maxDepth? }']],
    [
      { validation: { limits: { maxDepth: 1025, maxBytes: 1.5 } } },
      [
        'validation.limits.maxBytes is 1.5; expected a positive integer',
        'validation.limits.maxDepth is 1025; expected at most 1024 (tool arguments nest far less)',
      ],
    ],
    [{ validation: { limits: { maxDepth: 1024, maxBytes: 1 }, unknownArguments: 'strip' } }, []],
    [{ source: { type: 'builtin', extra: 1 } }, ['config.source: unknown option "extra"; accepted: type.']],
    [
      { source: 'x' },
      ['source is "x"; expected { type: "builtin" } or { type: "mcp", server, toolName, fingerprint }'],
    ],
    [{ source: { type: 'mcp', server: 's', toolName: 't', fingerprint: 'f' } }, []],
    [{ tags: 'a' }, ['tags is "a"; expected an array of non-empty strings']],
    [{ tags: ['a', 'b'] }, []],
    [
      { version: 5, category: '' },
      [
        'version is 5; expected a non-empty string (or leave it out)',
        'category is ""; expected a non-empty string (or leave it out)',
      ],
    ],
    [{ version: '1.0', category: 'files', displayName: 'Probe', parallelism: 'exclusive' }, []],
    [
      { isConcurrencySafe: 1, strict: 'no', shouldDefer: null },
      [
        'isConcurrencySafe is 1; expected true or false (or leave it out)',
        'strict is "no"; expected true or false (or leave it out)',
        'shouldDefer is null; expected true or false (or leave it out)',
      ],
    ],
    [{ isConcurrencySafe: true, isRetrySafe: false, strict: true, shouldDefer: false }, []],
    [
      { affectedPaths: 'x', abstractPermissionRule: [], describeInvocation: {} },
      [
        'affectedPaths is "x"; expected a function of the params (or leave it out)',
        'abstractPermissionRule is []; expected a function of the params (or leave it out)',
        'describeInvocation is {}; expected a function of the params (or leave it out)',
      ],
    ],
    [{ affectedPaths: () => [], abstractPermissionRule: () => '', describeInvocation: () => '' }, []],
  ])('%j', (change, problems) => {
    expect(checkToolConfig({ ...base, ...change })).toEqual(problems);
  });

  it('a config that is not an object', () => {
    expect(checkToolConfig(null)).toEqual([
      'the config is null; expected an object with name, kind, schema, description and execute',
    ]);
    expect(checkToolConfig([])).toEqual([
      'the config is []; expected an object with name, kind, schema, description and execute',
    ]);
    expect(checkToolConfig(base)).toEqual([]);
  });

  it('a SchemaValidator whose projection is not an object, or throws', () => {
    const stringSchema = compileJsonSchema({ type: 'object' });
    const notObject = Object.assign(Object.create(Object.getPrototypeOf(stringSchema)), stringSchema, {
      toJsonSchema: () => ({ type: 'string' }),
    });
    expect(checkToolConfig({ ...base, schema: notObject })).toEqual([
      'schema describes "string" at its root; a tool\'s parameters must be an object schema (type "object")',
    ]);
  });
});
