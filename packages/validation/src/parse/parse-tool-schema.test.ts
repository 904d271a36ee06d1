import { Kind, Type } from '@sinclair/typebox';
import { thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { ToolSchemaError } from '../errors/tool-schema-error.js';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { compileToolSchema, parseToolSchema } from './compile-tool-schema.js';

const readSchema = Type.Object({
  file_path: Type.String({ minLength: 1 }),
  offset: Type.Optional(Type.Integer({ minimum: 0, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000, default: 2000 })),
  follow: Type.Optional(Type.Boolean()),
});

/** The ToolValidationError `run` throws. */
const rejection = (run: () => unknown) => thrownBy(run, ToolValidationError);

describe('parseToolSchema: valid input', () => {
  it('returns the arguments with defaults filled and reports no coercion', () => {
    const result = parseToolSchema(readSchema, { file_path: '/a.txt' });
    expect(result.value).toEqual({ file_path: '/a.txt', offset: 0, limit: 2000 });
    expect(result.coercions).toEqual([]);
  });

  it('keeps values that were sent instead of defaults', () => {
    expect(parseToolSchema(readSchema, { file_path: '/a', offset: 5, limit: 9 }).value).toEqual({
      file_path: '/a',
      offset: 5,
      limit: 9,
    });
  });

  it('never modifies the input, also when it fills defaults and coerces', () => {
    const input = Object.freeze({ file_path: '/a', limit: '10', follow: 'true' });
    const result = parseToolSchema(readSchema, input);
    expect(input).toEqual({ file_path: '/a', limit: '10', follow: 'true' });
    expect(result.value).toEqual({ file_path: '/a', offset: 0, limit: 10, follow: true });
  });

  it('fills nested defaults without touching the nested input objects (copy-on-write)', () => {
    const schema = Type.Object({
      edits: Type.Array(
        Type.Object({ text: Type.String(), replaceAll: Type.Optional(Type.Boolean({ default: false })) }),
      ),
      untouched: Type.Optional(Type.Object({ note: Type.String() })),
    });
    const untouched = { note: 'same' };
    const edit = { text: 'x' };
    const input = { edits: [edit], untouched };
    const { value } = parseToolSchema(schema, input);
    expect(value).toEqual({ edits: [{ text: 'x', replaceAll: false }], untouched: { note: 'same' } });
    expect(edit).toEqual({ text: 'x' });
    expect(value.untouched).toBe(untouched);
  });

  it('gives each call its own copy of an object default', () => {
    const schema = Type.Object({ tags: Type.Optional(Type.Array(Type.String(), { default: ['a'] })) });
    const first = parseToolSchema(schema, {}).value as { tags: string[] };
    first.tags.push('mutated');
    expect(parseToolSchema(schema, {}).value).toEqual({ tags: ['a'] });
  });

  it('compiles once per schema object', () => {
    expect(compileToolSchema(readSchema)).toBe(compileToolSchema(readSchema));
    expect(compileToolSchema(Type.Object({}))).not.toBe(compileToolSchema(Type.Object({})));
  });

  it('follows recursive schemas', () => {
    const tree = Type.Recursive((self) => Type.Object({ name: Type.String(), children: Type.Array(self) }), {
      $id: 'Tree',
    });
    expect(parseToolSchema(tree, { name: 'a', children: [{ name: 'b', children: [] }] }).value).toEqual({
      name: 'a',
      children: [{ name: 'b', children: [] }],
    });
    const error = rejection(() =>
      parseToolSchema(tree, { name: 'a', children: [{ name: 1, children: [] }] }),
    );
    expect(error.issues[0]?.path).toBe('/children/0/name');
  });
});

describe('parseToolSchema: safe coercion', () => {
  it('repairs the drift models send, reporting every repair', () => {
    const schema = Type.Object({
      count: Type.Integer(),
      ratio: Type.Number(),
      enabled: Type.Boolean(),
      paths: Type.Array(Type.String()),
      options: Type.Object({ deep: Type.Boolean() }),
      note: Type.Optional(Type.String()),
    });
    const result = parseToolSchema(schema, {
      count: '42',
      ratio: '0.5',
      enabled: 'false',
      paths: '["a","b"]',
      options: '{"deep":"true"}',
      note: null,
    });
    expect(result.value).toEqual({
      count: 42,
      ratio: 0.5,
      enabled: false,
      paths: ['a', 'b'],
      options: { deep: true },
    });
    expect(result.coercions.map((coercion) => [coercion.path, coercion.kind])).toEqual([
      ['/count', 'string-to-integer'],
      ['/ratio', 'string-to-number'],
      ['/enabled', 'string-to-boolean'],
      ['/paths', 'json-string-to-array'],
      ['/options', 'json-string-to-object'],
      ['/options/deep', 'string-to-boolean'],
      ['/note', 'null-to-absent'],
    ]);
    expect(result.coercions[0]).toEqual({
      path: '/count',
      from: 'string "42"',
      to: 'integer 42',
      kind: 'string-to-integer',
    });
  });

  it('refuses lossy conversions', () => {
    const schema = Type.Object({ count: Type.Integer(), flag: Type.Boolean() });
    for (const count of ['4.5', '1e400', '12345678901234567890', ' 42', '0x10', '']) {
      const error = rejection(() => parseToolSchema(schema, { count, flag: true }));
      expect(error.issues.map((issue) => issue.path)).toEqual(['/count']);
    }
    expect(rejection(() => parseToolSchema(schema, { count: 1, flag: 'yes' })).issues[0]?.path).toBe('/flag');
  });

  it('leaves strings alone where a string is accepted', () => {
    const schema = Type.Object({ value: Type.Union([Type.String(), Type.Number()]) });
    expect(parseToolSchema(schema, { value: '42' })).toEqual({ value: { value: '42' }, coercions: [] });
  });

  it("does nothing with coerce: 'none'", () => {
    const error = rejection(() =>
      parseToolSchema(readSchema, { file_path: '/a', limit: '10' }, { coerce: 'none' }),
    );
    expect(error.issues).toMatchObject([
      { path: '/limit', keyword: 'type', expected: 'integer >= 1 and <= 5000' },
    ]);
  });

  it('keeps null where the field itself accepts null', () => {
    const schema = Type.Object({ note: Type.Optional(Type.Union([Type.String(), Type.Null()])) });
    expect(parseToolSchema(schema, { note: null })).toEqual({ value: { note: null }, coercions: [] });
  });

  it('picks the union member a repaired value satisfies', () => {
    const schema = Type.Object({
      edit: Type.Union([
        Type.Object({ kind: Type.Literal('insert'), line: Type.Integer() }),
        Type.Object({ kind: Type.Literal('delete'), from: Type.Integer(), to: Type.Integer() }),
      ]),
    });
    const result = parseToolSchema(schema, { edit: { kind: 'delete', from: '1', to: '3' } });
    expect(result.value).toEqual({ edit: { kind: 'delete', from: 1, to: 3 } });
    expect(result.coercions.map((coercion) => coercion.path)).toEqual(['/edit/from', '/edit/to']);
  });
});

describe('parseToolSchema: closed objects inside unions', () => {
  const schema = Type.Object({
    target: Type.Union([
      Type.Object({ path: Type.String() }),
      Type.Object({ path: Type.String(), line: Type.Integer() }),
    ]),
  });

  it('accepts a value only the wider member allows, and rejects a key no member declares', () => {
    expect(parseToolSchema(schema, { target: { path: '/a', line: 3 } }).value).toEqual({
      target: { path: '/a', line: 3 },
    });
    expect(parseToolSchema(schema, { target: { path: '/a' } }).value).toEqual({ target: { path: '/a' } });
    expect(
      rejection(() => parseToolSchema(schema, { target: { path: '/a', column: 3 } })).issues,
    ).toMatchObject([{ path: '/target', keyword: 'anyOf' }]);
  });
});

describe('parseToolSchema: OpenAI strict calls', () => {
  it('nullAsAbsent maps null for optional fields back to absent without reporting it', () => {
    const result = parseToolSchema(
      readSchema,
      { file_path: '/a', offset: null, limit: null, follow: null },
      { nullAsAbsent: true },
    );
    expect(result).toEqual({ value: { file_path: '/a', offset: 0, limit: 2000 }, coercions: [] });
  });

  it('still rejects null for a required field', () => {
    const error = rejection(() => parseToolSchema(readSchema, { file_path: null }, { nullAsAbsent: true }));
    expect(error.issues[0]).toMatchObject({ path: '/file_path', keyword: 'type', received: 'null' });
  });
});

describe('parseToolSchema: unknown arguments', () => {
  it('rejects them by default with a did-you-mean suggestion', () => {
    const error = rejection(() =>
      parseToolSchema(readSchema, { file_path: '/a', limt: 3 }, { toolName: 'Read' }),
    );
    expect(error.code).toBe('validation_failed');
    expect(error.toolName).toBe('Read');
    expect(error.issues).toEqual([
      {
        path: '/limt',
        keyword: 'additionalProperties',
        message:
          'unknown argument "limt" (did you mean "limit"?); accepted arguments: file_path, offset, limit, follow',
        expected: 'one of the declared arguments: file_path, offset, limit, follow',
        received: 'integer 3',
      },
    ]);
  });

  it('offers no suggestion when nothing is close', () => {
    const error = rejection(() => parseToolSchema(readSchema, { file_path: '/a', zzzzzzzz: 1 }));
    expect(error.issues[0]?.message).not.toContain('did you mean');
  });

  it('rejects them at any depth: nested objects, array items, recursive nodes', () => {
    const schema = Type.Object({
      inner: Type.Object({ a: Type.String() }),
      list: Type.Optional(Type.Array(Type.Object({ id: Type.Integer() }))),
    });
    expect(
      rejection(() => parseToolSchema(schema, { inner: { a: 'x', b: 1 } })).issues.map((issue) => issue.path),
    ).toEqual(['/inner/b']);
    expect(
      rejection(() =>
        parseToolSchema(schema, { inner: { a: 'x' }, list: [{ id: 1 }, { id: 2, idd: 3 }] }),
      ).issues.map((issue) => issue.path),
    ).toEqual(['/list/1/idd']);
    const tree = Type.Recursive((self) => Type.Object({ children: Type.Array(self) }), { $id: 'Node' });
    expect(
      rejection(() => parseToolSchema(tree, { children: [{ children: [], extra: true }] })).issues.map(
        (issue) => issue.path,
      ),
    ).toEqual(['/children/0/extra']);
  });

  it("strips them with unknownArguments: 'strip', reporting each", () => {
    const schema = Type.Object({ inner: Type.Object({ a: Type.String() }) });
    const result = parseToolSchema(
      schema,
      { inner: { a: 'x', b: 1 }, extra: true },
      { unknownArguments: 'strip' },
    );
    expect(result.value).toEqual({ inner: { a: 'x' } });
    expect(result.coercions.map((coercion) => [coercion.path, coercion.kind])).toEqual([
      ['/inner/b', 'strip-unknown'],
      ['/extra', 'strip-unknown'],
    ]);
  });

  it('leaves record-like objects open', () => {
    const schema = Type.Object({ env: Type.Record(Type.String(), Type.String()) });
    expect(parseToolSchema(schema, { env: { HOME: '/root', PATH: '/bin' } }).value).toEqual({
      env: { HOME: '/root', PATH: '/bin' },
    });
  });

  it('treats an explicit additionalProperties schema as the rule for extra keys', () => {
    const schema = Type.Object({ name: Type.String() }, { additionalProperties: Type.Integer() });
    expect(parseToolSchema(schema, { name: 'a', extra: '5' }).value).toEqual({ name: 'a', extra: 5 });
  });
});

describe('ToolValidationError: messages a model can repair from', () => {
  it('lists one issue a line with path, expectation and a preview of what was received', () => {
    const error = rejection(() =>
      parseToolSchema(readSchema, { limit: 0, follow: 'maybe' }, { toolName: 'Read' }),
    );
    expect(error.message).toBe(
      [
        'Invalid arguments for tool "Read" (3 problems); fix and call again:',
        '- /file_path: missing required argument "file_path" (expected string of at least 1 character)',
        '- /limit: expected integer >= 1 and <= 5000, received integer 0',
        '- /follow: expected boolean, received string "maybe"',
      ].join('\n'),
    );
  });

  it('counts lengths in the singular where there is one, and says "exactly" for a fixed length', () => {
    const schema = Type.Object({
      code: Type.String({ minLength: 3, maxLength: 3 }),
      tags: Type.Array(Type.String(), { maxItems: 1 }),
    });
    const error = rejection(() => parseToolSchema(schema, { code: 'ab', tags: ['a', 'b'] }));
    expect(error.issues.map((issue) => issue.expected)).toEqual([
      'string of exactly 3 characters',
      'array of at most 1 item',
    ]);
  });

  it('speaks Chinese with locale zh-CN', () => {
    const error = rejection(() =>
      parseToolSchema(readSchema, { file_path: '/a', limt: 1 }, { toolName: 'Read', locale: 'zh-CN' }),
    );
    expect(error.message).toBe(
      '工具 "Read" 的参数无效（1 个问题），请修正后重新调用：\n- /limt: 未知参数 "limt"（是否想用 "limit"？）；可用参数：file_path, offset, limit, follow',
    );
  });

  it('caps the message length and previews, and counts what it could not list', () => {
    const schema = Type.Object({ items: Type.Array(Type.Integer()) });
    const error = rejection(() =>
      parseToolSchema(schema, { items: Array.from({ length: 300 }, () => 'x'.repeat(1000)) }),
    );
    expect(error.message.length).toBeLessThanOrEqual(2000);
    expect(error.message).toMatch(/… and \d+ more problems$/);
    for (const issue of error.issues) expect(issue.received.length).toBeLessThan(60);
  });

  it('names the root as "(arguments)" and rejects non-object arguments', () => {
    for (const input of [undefined, null, 5, 'text', [1, 2]]) {
      const error = rejection(() => parseToolSchema(readSchema, input, { coerce: 'none' }));
      expect(error.code).toBe('arguments_not_object');
      expect(error.message).toContain('- (arguments): expected the arguments to be a JSON object');
    }
  });

  it('accepts the whole arguments object sent as a JSON string, reporting it', () => {
    const result = parseToolSchema(readSchema, '{"file_path":"/a"}');
    expect(result.value).toEqual({ file_path: '/a', offset: 0, limit: 2000 });
    expect(result.coercions[0]).toMatchObject({ path: '', kind: 'json-string-to-object' });
  });
});

describe('parseToolSchema: hostile input', () => {
  it('rejects arguments over the size limit (measured as JSON)', () => {
    const error = rejection(() => parseToolSchema(readSchema, { file_path: 'x'.repeat(1024 * 1024 + 1) }));
    expect(error.code).toBe('arguments_too_large');
    const small = rejection(() =>
      parseToolSchema(readSchema, { file_path: 'é'.repeat(600) }, { limits: { maxBytes: 1000 } }),
    );
    expect(small.code).toBe('arguments_too_large');
    expect(
      parseToolSchema(readSchema, { file_path: 'e'.repeat(600) }, { limits: { maxBytes: 1000 } }).value
        .file_path,
    ).toHaveLength(600);
  });

  it('rejects nesting deeper than the limit without recursing (100,000 levels)', () => {
    const schema = Type.Object({ data: Type.Unknown() });
    let deep: unknown = {};
    for (let level = 0; level < 100_000; level++) deep = { d: deep };
    const error = rejection(() => parseToolSchema(schema, { data: deep }));
    expect(error.code).toBe('arguments_too_deep');
    // The arguments object is level 1, so the 65th level is /data followed by 63 /d.
    expect(error.issues[0]?.path).toBe(`/data${'/d'.repeat(63)}`);
    expect(
      rejection(() => parseToolSchema(schema, { data: [[[1]]] }, { limits: { maxDepth: 3 } })).code,
    ).toBe('arguments_too_deep');
  });

  it('rejects cyclic and exponentially shared input within the caps', () => {
    const schema = Type.Object({ data: Type.Unknown() });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(rejection(() => parseToolSchema(schema, { data: cyclic })).code).toBe('arguments_too_deep');
    let shared: unknown = 'leaf';
    for (let level = 0; level < 40; level++) shared = { a: shared, b: shared };
    expect(rejection(() => parseToolSchema(schema, { data: shared })).code).toBe('arguments_too_large');
  });

  it('rejects __proto__, constructor and prototype keys anywhere, also inside JSON strings', () => {
    const schema = Type.Object({ data: Type.Unknown(), list: Type.Optional(Type.Array(Type.Unknown())) });
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const input = JSON.parse(`{"data":{"ok":{"${key}":{"polluted":true}}}}`);
      const error = rejection(() => parseToolSchema(schema, input));
      expect(error.code).toBe('arguments_forbidden_key');
      expect(error.issues[0]?.path).toBe(`/data/ok/${key}`);
    }
    const viaString = rejection(() => parseToolSchema(schema, { data: 1, list: '[{"__proto__":{"x":1}}]' }));
    expect(viaString.code).toBe('arguments_forbidden_key');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses what JSON cannot hold — class instances, Dates, Maps, functions, bigints — naming where', () => {
    class Point {
      x = 1;
    }
    const open = Type.Object({ data: Type.Unknown(), list: Type.Optional(Type.Array(Type.Unknown())) });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ data: new Point() }, '/data', 'an instance of Point'],
      [{ data: { when: new Date(0) } }, '/data/when', 'an instance of Date'],
      [{ data: 1, list: [1, new Map()] }, '/list/1', 'an instance of Map'],
      [{ data: { run: () => 1 } }, '/data/run', 'a function'],
      [{ data: [10n] }, '/data/0', 'a bigint'],
      [{ data: new Uint8Array(2) }, '/data', 'an instance of Uint8Array'],
    ];
    for (const [input, path, received] of cases) {
      const error = rejection(() => parseToolSchema(open, input, { toolName: 'Probe' }));
      expect(error.code).toBe('arguments_not_json');
      expect(error.issues[0]).toMatchObject({ path, received });
      expect(error.message).toContain('expected plain JSON');
    }
    // The root itself, even where a closed object schema would accept its shape.
    const point = Type.Object({ x: Type.Number() });
    expect(rejection(() => parseToolSchema(point, new Point())).code).toBe('arguments_not_json');
    // Plain data passes, including null-prototype objects and explicit undefined for an optional.
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { x: 2 });
    expect(parseToolSchema(point, bare).value).toEqual({ x: 2 });
    expect(parseToolSchema(open, { data: null, list: undefined }).value).toMatchObject({ data: null });
  });

  it('caps a decoded JSON string with the remaining depth', () => {
    const schema = Type.Object({ list: Type.Array(Type.Unknown()) });
    const nested = `${'['.repeat(100)}${']'.repeat(100)}`;
    expect(rejection(() => parseToolSchema(schema, { list: nested })).code).toBe('arguments_too_deep');
  });
});

describe('compileToolSchema: schema problems are the developer’s, reported at compile time', () => {
  function schemaError(run: () => unknown): ToolSchemaError {
    try {
      run();
    } catch (error) {
      if (ToolSchemaError.isInstance(error)) return error;
      throw error;
    }
    throw new Error('expected a ToolSchemaError, nothing was thrown');
  }

  it('refuses a default its own schema rejects', () => {
    const schema = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, default: 0 })) });
    const error = schemaError(() => compileToolSchema(schema));
    expect(error.code).toBe('schema_invalid_default');
    expect(error.message).toBe(
      'schema default at "#/properties/limit" is 0, which its own schema rejects; give a default the schema accepts',
    );
  });

  it('refuses a schema TypeBox cannot compile as schema_compile_failed, keeping the cause', () => {
    const schema = Type.Object({ sparkle: Type.Unsafe({ [Kind]: 'Sparkle' }) });
    const error = schemaError(() => compileToolSchema(schema));
    expect(error.code).toBe('schema_compile_failed');
    expect(error.message).toBe('TypeBox schema of this tool cannot be compiled: Unknown type');
    expect(error.cause).toBeInstanceOf(Error);
  });
});

describe('stack traces: argument errors carry none, schema errors keep theirs', () => {
  it('a rejected call is data for the model: its stack is only the message', () => {
    const error = rejection(() => parseToolSchema(readSchema, { file_path: 1 }));
    expect(error.stack).toBe(`ToolValidationError: ${error.message}`);
    // Error.stackTraceLimit is restored for everyone else.
    expect(new Error('probe').stack).toMatch(/\n\s+at /);
  });

  it('a schema problem is a bug to find: its stack points into the code', () => {
    const schema = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, default: 0 })) });
    let error: unknown;
    try {
      compileToolSchema(schema);
    } catch (caught) {
      error = caught;
    }
    expect((error as Error).stack).toMatch(/\n\s+at /);
  });
});

describe('limits.maxDepth', () => {
  it('is lowered to 1,024: a larger limit cannot invite a stack overflow in the compiled checks', () => {
    const schema = Type.Object({ data: Type.Unknown() });
    let deep: unknown = {};
    for (let level = 0; level < 1100; level++) deep = { d: deep };
    const error = rejection(() => parseToolSchema(schema, { data: deep }, { limits: { maxDepth: 100_000 } }));
    expect(error.code).toBe('arguments_too_deep');
    expect(error.issues[0]?.expected).toBe('at most 1024 nested levels');
  });
});
