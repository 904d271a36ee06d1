import { thrownBy } from '@toolwright/test-support';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it, vi } from 'vitest';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { ToolwrightError } from '../errors/toolwright-error.js';
import { isSchemaValidator } from '../schema/schema-validator.js';
import { compileJsonSchema } from './compile-json-schema.js';

/** The toolwright error `run` throws. */
const thrown = (run: () => unknown) => thrownBy(run, ToolwrightError);

/** The shape @modelcontextprotocol/server-filesystem sends for read_text_file (zod-to-json-schema, draft-07). */
const readTextFile = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    path: { type: 'string' },
    tail: { type: 'number', description: 'If provided, returns only the last N lines of the file' },
    head: { type: 'number', description: 'If provided, returns only the first N lines of the file' },
  },
  required: ['path'],
  additionalProperties: false,
};

/** `[path, keyword]` of each issue of the `ToolValidationError` that `run` throws. */
function issuesOf(run: () => unknown): Array<[string, string]> {
  try {
    run();
  } catch (error) {
    if (ToolValidationError.isInstance(error))
      return error.issues.map((issue) => [issue.path, issue.keyword]);
    throw error;
  }
  throw new Error('the arguments were accepted');
}

describe('compileJsonSchema: the same validator interface and error shape as TypeBox', () => {
  it('validates, coerces and reports like parseToolSchema', () => {
    const validator = compileJsonSchema(readTextFile, undefined, { name: 'read_text_file' });
    expect(isSchemaValidator(validator)).toBe(true);
    expect(validator.source).toBe('json-schema');
    expect(validator.parse({ path: '/a', head: '10' })).toEqual({
      value: { path: '/a', head: 10 },
      coercions: [{ path: '/head', from: 'string "10"', to: 'integer 10', kind: 'string-to-number' }],
    });
    let error: unknown;
    try {
      validator.parse({ pth: '/a', head: 'x' }, { toolName: 'mcp__fs__read_text_file' });
    } catch (caught) {
      error = caught;
    }
    expect(ToolValidationError.isInstance(error)).toBe(true);
    const validation = error as ToolValidationError;
    expect(validation.code).toBe('validation_failed');
    expect(validation.toolName).toBe('mcp__fs__read_text_file');
    expect(validation.issues).toEqual([
      {
        path: '/path',
        keyword: 'required',
        message: 'missing required argument "path" (expected string)',
        expected: 'string',
        received: 'nothing',
      },
      {
        path: '/pth',
        keyword: 'additionalProperties',
        message: 'unknown argument "pth" (did you mean "path"?); accepted arguments: path, tail, head',
        expected: 'one of the declared arguments: path, tail, head',
        received: 'string "/a"',
      },
      {
        path: '/head',
        keyword: 'type',
        message: 'expected number, received string "x"',
        expected: 'number',
        received: 'string "x"',
      },
    ]);
  });

  it('closes objects like the projection does, and strips on request', () => {
    const open = { type: 'object', properties: { a: { type: 'string' } } };
    const validator = compileJsonSchema(open);
    expect(validator.toJsonSchema()).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: [],
      additionalProperties: false,
    });
    expect(() => validator.parse({ a: 'x', b: 1 })).toThrow(/unknown argument "b"/);
    expect(validator.parse({ a: 'x', b: 1 }, { unknownArguments: 'strip' }).value).toEqual({ a: 'x' });
  });

  it('works on its own copy: changing the caller’s schema afterwards changes nothing', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
    const validator = compileJsonSchema(schema);
    schema.properties.a.type = 'integer';
    schema.required.push('b');
    expect(validator.parse({ a: 'text' }).value).toEqual({ a: 'text' });
    expect(validator.toJsonSchema().properties).toEqual({ a: { type: 'string' } });
  });

  it('fills defaults without mutating the input', () => {
    const validator = compileJsonSchema({
      type: 'object',
      properties: { depth: { type: 'integer', default: 2 } },
    });
    const input = Object.freeze({});
    expect(validator.parse(input).value).toEqual({ depth: 2 });
    expect(input).toEqual({});
  });

  it('understands draft-07 and 2020-12', () => {
    const draft07 = compileJsonSchema({
      type: 'object',
      properties: {
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'integer' }], additionalItems: false },
      },
    });
    expect(draft07.parse({ pair: ['a', '1'] }).value).toEqual({ pair: ['a', 1] });
    expect(issuesOf(() => draft07.parse({ pair: ['a', 1, 2] }))).toEqual([['/pair', 'additionalItems']]);
    const modern = compileJsonSchema({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'integer' }], items: false },
      },
      $defs: { unused: { type: 'string' } },
    });
    expect(modern.parse({ pair: ['a', '1'] }).value).toEqual({ pair: ['a', 1] });
    expect(issuesOf(() => modern.parse({ pair: ['a', 1, 2] }))).toEqual([['/pair', 'items']]);
  });

  it('resolves local $ref and $defs, recursion included', () => {
    const validator = compileJsonSchema({
      type: 'object',
      properties: { tree: { $ref: '#/$defs/Node' } },
      $defs: {
        Node: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            children: { type: 'array', items: { $ref: '#/$defs/Node' } },
          },
        },
      },
    });
    const tree = { tree: { name: 'a', children: [{ name: 'b', children: [] }] } };
    expect(validator.parse(tree)).toEqual({ value: tree, coercions: [] });
    expect(() => validator.parse({ tree: { name: 'a', children: [{ name: 1 }] } })).toThrow(
      /\/tree\/children\/0\/name/,
    );
  });
});

describe('compileJsonSchema: hostile schemas', () => {
  // A backtracking engine takes 2^48 steps on these inputs (days): such a test ends only by its
  // time limit, whatever the machine. A linear-time engine answers at once; no clock is read.
  it('gotcha-free regex: a catastrophic pattern against 48 a’s and a ! returns (linear-time engine)', () => {
    const validator = compileJsonSchema({
      type: 'object',
      properties: { s: { type: 'string', pattern: '^(a+)+$' } },
    });
    expect(() => validator.parse({ s: `${'a'.repeat(48)}!` })).toThrow(/matching \/\^\(a\+\)\+\$\//);
    expect(validator.parse({ s: 'aaaa' }).value).toEqual({ s: 'aaaa' });
  });

  it('runs patternProperties through the same engine', () => {
    const validator = compileJsonSchema({
      type: 'object',
      patternProperties: { '^(x+)+$': { type: 'integer' } },
      additionalProperties: false,
    });
    expect(validator.parse({ xxx: '3' }).value).toEqual({ xxx: 3 });
    expect(issuesOf(() => validator.parse({ [`${'x'.repeat(48)}!`]: 1 }))).toEqual([
      [`/${'x'.repeat(48)}!`, 'additionalProperties'],
    ]);
  });

  it('keeps each schema’s own pattern (patterns are not confused across schemas sharing an engine)', () => {
    const digits = compileJsonSchema({
      type: 'object',
      properties: { v: { type: 'string', pattern: '^[0-9]+$' } },
    });
    const letters = compileJsonSchema({
      type: 'object',
      properties: { v: { type: 'string', pattern: '^[a-z]+$' } },
    });
    expect(digits.parse({ v: '123' }).value).toEqual({ v: '123' });
    expect(letters.parse({ v: 'abc' }).value).toEqual({ v: 'abc' });
    expect(issuesOf(() => letters.parse({ v: '123' }))).toEqual([['/v', 'pattern']]);
    expect(issuesOf(() => digits.parse({ v: 'abc' }))).toEqual([['/v', 'pattern']]);
  });

  it('refuses remote $ref before anything is fetched or compiled', () => {
    const error = thrown(() =>
      compileJsonSchema(
        { type: 'object', properties: { a: { $ref: 'https://example.com/evil.json' } } },
        undefined,
        { name: 'evil' },
      ),
    );
    expect(error.code).toBe('schema_rejected');
    expect(error.message).toBe(
      'JSON Schema of "evil": the $ref "https://example.com/evil.json" at /properties/a/$ref points outside the schema (remote references are never fetched); use a local reference such as "#/$defs/Name"',
    );
  });

  it('refuses a schema nested 10,000 levels deep without overflowing the stack', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10_000; level++) schema = { type: 'object', properties: { a: schema } };
    const error = thrown(() => compileJsonSchema(schema));
    expect(error.code).toBe('schema_rejected');
    expect(error.message).toMatch(/nests deeper than 64 levels/);
  });

  it('refuses object cycles, non-JSON values, too many properties, huge enums and oversized schemas', () => {
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { self: cyclic };
    expect(thrown(() => compileJsonSchema(cyclic)).code).toBe('schema_rejected');
    expect(thrown(() => compileJsonSchema({ type: 'object', default: () => 1 })).message).toMatch(
      /a function at \/default is not JSON/,
    );
    const wide = {
      type: 'object',
      properties: Object.fromEntries(
        Array.from({ length: 600 }, (_, index) => [`p${index}`, { type: 'string' }]),
      ),
    };
    expect(thrown(() => compileJsonSchema(wide)).message).toMatch(/more than 500 properties/);
    expect(compileJsonSchema(wide, { maxProperties: 1000 }).parse({ p1: 'x' }).value).toEqual({ p1: 'x' });
    expect(
      thrown(() =>
        compileJsonSchema({ type: 'string', enum: Array.from({ length: 2000 }, (_, index) => index) }),
      ).message,
    ).toMatch(/has 2000 values/);
    expect(
      thrown(() => compileJsonSchema({ type: 'object', description: 'x'.repeat(300 * 1024) })).message,
    ).toMatch(/larger than 262144 bytes/);
    expect(thrown(() => compileJsonSchema('not a schema')).message).toMatch(
      /must be a JSON object, got string/,
    );
  });

  it('refuses more than 10,000 objects and arrays by default, and admits them under a raised limit', () => {
    const many = {
      type: 'object',
      properties: { a: { type: 'string', examples: Array.from({ length: 10_001 }, () => ({})) } },
    };
    const error = thrown(() => compileJsonSchema(many));
    expect(error.code).toBe('schema_rejected');
    expect(error.message).toMatch(/more than 10000 objects and arrays/);
    expect(compileJsonSchema(many, { maxNodes: 20_000 }).parse({ a: 'x' }).value).toEqual({ a: 'x' });
  });

  it('compiles lazily: a schema Ajv cannot compile fails on first parse, naming it, never at creation', () => {
    const validator = compileJsonSchema(
      { type: 'object', properties: { a: { type: 'string', minLength: 'five' } } },
      undefined,
      { name: 'broken' },
    );
    for (let attempt = 0; attempt < 2; attempt++) {
      let error: unknown;
      try {
        validator.parse({ a: 1 }, { toolName: 'mcp__x__broken' });
      } catch (caught) {
        error = caught;
      }
      expect(ToolValidationError.isInstance(error)).toBe(true);
      expect((error as ToolValidationError).code).toBe('schema_compile_failed');
      expect((error as ToolValidationError).message).toMatch(
        /the tool's input schema cannot be used: JSON Schema of "broken" cannot be compiled/,
      );
    }
  });

  it('turns a schema that overflows the stack while compiling into schema_compile_failed, even with raised limits', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 3000; level++) schema = { type: 'object', properties: { a: schema } };
    const validator = compileJsonSchema(
      schema,
      { maxDepth: 10_000, maxNodes: 100_000, maxProperties: 100_000 },
      { name: 'deep' },
    );
    let error: unknown;
    try {
      validator.parse({ a: {} });
    } catch (caught) {
      error = caught;
    }
    expect(ToolValidationError.isInstance(error)).toBe(true);
    expect((error as ToolValidationError).code).toBe('schema_compile_failed');
    expect((error as ToolValidationError).message).toContain('JSON Schema of "deep" cannot be compiled');
  });

  it('refuses a pattern the linear-time engine cannot run, as a schema error', () => {
    const validator = compileJsonSchema({
      type: 'object',
      properties: { a: { type: 'string', pattern: '^(?=x)' } },
    });
    expect(() => validator.parse({ a: 'x' })).toThrow(/cannot be compiled/);
  });

  it('keeps $id collisions between servers apart', () => {
    const first = compileJsonSchema({
      $id: 'https://example.com/tool.json',
      type: 'object',
      properties: { a: { type: 'string' } },
    });
    const second = compileJsonSchema({
      $id: 'https://example.com/tool.json',
      type: 'object',
      properties: { b: { type: 'integer' } },
    });
    expect(first.parse({ a: 'x' }).value).toEqual({ a: 'x' });
    expect(second.parse({ b: 1 }).value).toEqual({ b: 1 });
  });

  it('creates 2,000 validators without compiling any: Ajv compiles on first use', () => {
    // Counted, not timed: a spy on the compile method both Ajv dialects inherit.
    const compile = vi.spyOn(Object.getPrototypeOf(Ajv.prototype) as Ajv, 'compile');
    try {
      expect(Object.getPrototypeOf(Ajv2020.prototype)).toBe(Object.getPrototypeOf(Ajv.prototype));
      const validators = Array.from({ length: 2000 }, (_, index) =>
        compileJsonSchema({
          type: 'object',
          properties: { [`field${index}`]: { type: 'string', minLength: 1 } },
          required: [`field${index}`],
        }),
      );
      expect(validators).toHaveLength(2000);
      expect(compile).not.toHaveBeenCalled();
      expect(validators[7]?.parse({ field7: 'x' }).value).toEqual({ field7: 'x' });
      expect(compile).toHaveBeenCalledTimes(1);
    } finally {
      compile.mockRestore();
    }
  });
});
