import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { lintToolDeclaration } from '../lint/lint-tool-declaration.js';
import { parseToolSchema } from '../parse/compile-tool-schema.js';
import type { JsonSchema } from '../schema/json-types.js';
import { projectSchema } from './project-schema.js';
import { toJsonSchema } from './to-json-schema.js';

const readSchema = Type.Object({
  file_path: Type.String({ description: 'Path' }),
  limit: Type.Optional(Type.Integer({ minimum: 1, default: 2000 })),
  mode: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('bytes')])),
  tags: Type.Optional(Type.Array(Type.String())),
  note: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

describe('projectSchema: OpenAI strict mode', () => {
  const strict = projectSchema(toJsonSchema(readSchema), 'openai-chat', { strict: true });

  it('makes every property required and the optional ones nullable', () => {
    expect(strict).toEqual({
      type: 'object',
      properties: {
        file_path: { type: 'string', description: 'Path' },
        limit: { minimum: 1, type: ['integer', 'null'], description: 'Default: 2000.' },
        mode: {
          anyOf: [{ const: 'text', type: 'string' }, { const: 'bytes', type: 'string' }, { type: 'null' }],
        },
        tags: { type: ['array', 'null'], items: { type: 'string' } },
        note: { anyOf: [{ type: 'string' }, { type: 'null' }] },
      },
      required: ['file_path', 'limit', 'mode', 'tags', 'note'],
      additionalProperties: false,
    });
    expect(
      lintToolDeclaration(
        { name: 'Read', description: 'd', parameters: strict, strict: true },
        'openai-chat',
      ),
    ).toEqual([]);
  });

  it('round-trips: the model’s nulls for optional fields parse to the params a non-strict call gives', () => {
    const strictCall = { file_path: '/a', limit: null, mode: null, tags: null, note: null };
    expect(parseToolSchema(readSchema, strictCall, { nullAsAbsent: true }).value).toEqual({
      file_path: '/a',
      limit: 2000,
      note: null,
    });
    expect(parseToolSchema(readSchema, { file_path: '/a', note: null }).value).toEqual({
      file_path: '/a',
      limit: 2000,
      note: null,
    });
  });

  it('wraps a $ref or const in anyOf with null', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { node: { $ref: '#/$defs/Node', description: 'the node' }, fixed: { const: 3 } },
      required: [],
      additionalProperties: false,
      $defs: { Node: { type: 'object', properties: {}, required: [], additionalProperties: false } },
    };
    const projected = projectSchema(schema, 'openai-responses', { strict: true });
    expect(projected.properties).toEqual({
      node: { anyOf: [{ $ref: '#/$defs/Node' }, { type: 'null' }], description: 'the node' },
      fixed: { anyOf: [{ const: 3 }, { type: 'null' }] },
    });
  });

  it('reports record-like objects strict mode cannot express', () => {
    const projected = projectSchema(
      toJsonSchema(Type.Object({ env: Type.Record(Type.String(), Type.String()) })),
      'openai-chat',
      {
        strict: true,
      },
    );
    const issues = lintToolDeclaration(
      { name: 'Run', description: '', parameters: projected, strict: true },
      'openai-chat',
    );
    expect(issues).toContainEqual({
      target: 'openai-chat',
      toolName: 'Run',
      path: '/properties/env',
      reason: 'strict mode cannot express an object with free-form keys (record-like object)',
    });
  });

  it('leaves non-strict OpenAI declarations as the neutral schema', () => {
    const neutral = toJsonSchema(readSchema);
    expect(projectSchema(neutral, 'openai-chat')).toEqual(neutral);
  });
});

describe('projectSchema: Anthropic', () => {
  it('merges a root union into one object schema', () => {
    const schema = toJsonSchema(
      Type.Union([
        Type.Object({ kind: Type.Literal('file'), path: Type.String() }),
        Type.Object({ kind: Type.Literal('url'), url: Type.String() }),
      ]),
    );
    const projected = projectSchema(schema, 'anthropic');
    expect(projected).toEqual({
      type: 'object',
      properties: {
        kind: {
          anyOf: [
            { const: 'file', type: 'string' },
            { const: 'url', type: 'string' },
          ],
        },
        path: { type: 'string' },
        url: { type: 'string' },
      },
      required: ['kind'],
      additionalProperties: false,
    });
    const issues = lintToolDeclaration({ name: 'Open', description: '', parameters: projected }, 'anthropic');
    expect(issues.map((issue) => issue.reason)).toEqual([
      'root anyOf merged into one object schema; arguments are still validated against each alternative',
    ]);
    expect(
      lintToolDeclaration({ name: 'Open', description: '', parameters: schema }, 'anthropic'),
    ).toContainEqual({
      target: 'anthropic',
      toolName: 'Open',
      path: '/anyOf',
      reason: 'anthropic does not accept anyOf at the root of parameters; use one object schema',
    });
  });

  it('merges a root allOf with the union of required', () => {
    const projected = projectSchema(
      {
        allOf: [
          { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] },
          { type: 'object', properties: { b: { type: 'string' } }, required: ['b'] },
        ],
      },
      'anthropic',
    );
    expect(projected).toEqual({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      required: ['a', 'b'],
    });
  });
});

describe('projectSchema: Gemini', () => {
  it('rewrites to the OpenAPI subset: no $schema, additionalProperties, const, type arrays, $ref', () => {
    const schema: JsonSchema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: {
        mode: { const: 'fast' },
        count: { type: ['integer', 'null'], exclusiveMinimum: 0 },
        either: { type: ['string', 'number'] },
        target: { $ref: '#/$defs/Target' },
        level: { enum: [1, 2, 3] },
        when: { type: 'string', format: 'date-time' },
        site: { type: 'string', format: 'uri' },
      },
      required: ['mode'],
      additionalProperties: false,
      $defs: {
        Target: {
          type: 'object',
          properties: { id: { type: 'string' } },
          required: ['id'],
          additionalProperties: false,
        },
      },
    };
    const projected = projectSchema(schema, 'gemini');
    expect(projected).toEqual({
      type: 'object',
      properties: {
        mode: { type: 'string', enum: ['fast'] },
        count: { type: 'integer', nullable: true, description: '(greater than 0)' },
        either: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        target: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
        level: { type: 'integer', description: '(one of 1, 2, 3)' },
        when: { type: 'string', format: 'date-time' },
        site: { type: 'string', description: '(format "uri")' },
      },
      required: ['mode'],
    });
    // Nothing left that Gemini rejects; what was moved into words is named, keyword by keyword.
    expect(
      lintToolDeclaration({ name: 'Get', description: '', parameters: projected }, 'gemini').map(
        (issue) => `${issue.path} ${issue.reason}`,
      ),
    ).toEqual([
      '/properties/count/exclusiveMinimum Gemini does not accept "exclusiveMinimum"; moved into the description as "greater than 0"',
      '/properties/level/enum Gemini accepts enum only for strings; one of 1, 2, 3 moved into the description (the parser still enforces it)',
      '/properties/site/format Gemini accepts format only as enum/date-time for string, float/double/int32/int64 for number, int32/int64 for integer; format "uri" moved into the description',
    ]);
  });

  it('cuts a reference cycle instead of looping, and the lint reports it', () => {
    const schema = toJsonSchema(
      Type.Object({
        root: Type.Recursive((self) => Type.Object({ name: Type.String(), children: Type.Array(self) })),
      }),
    );
    const neutralIssues = lintToolDeclaration(
      { name: 'Tree', description: '', parameters: schema },
      'gemini',
    );
    expect(neutralIssues.some((issue) => issue.reason.startsWith('recursive reference cycle'))).toBe(true);
    expect(neutralIssues.some((issue) => issue.reason === 'Gemini does not accept the keyword "$ref"')).toBe(
      true,
    );

    const projected = projectSchema(schema, 'gemini');
    expect(JSON.stringify(projected)).not.toContain('$ref');
    const issues = lintToolDeclaration({ name: 'Tree', description: '', parameters: projected }, 'gemini');
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      target: 'gemini',
      toolName: 'Tree',
      path: '/properties/root/properties/children/items',
    });
    expect(issues[0]?.reason).toMatch(
      /^recursive reference .* cannot be expressed in Gemini's schema; cut here$/,
    );
  });

  it('stops inlining a reference graph that would grow exponentially', () => {
    const $defs: Record<string, JsonSchema> = { L0: { type: 'string' } };
    for (let level = 1; level <= 30; level++) {
      $defs[`L${level}`] = {
        type: 'object',
        properties: { a: { $ref: `#/$defs/L${level - 1}` }, b: { $ref: `#/$defs/L${level - 1}` } },
      };
    }
    const projected = projectSchema(
      { type: 'object', properties: { top: { $ref: '#/$defs/L30' } }, $defs },
      'gemini',
    );
    expect(JSON.stringify(projected).length).toBeLessThan(2_000_000);
    expect(
      lintToolDeclaration({ name: 'Big', description: '', parameters: projected }, 'gemini').map(
        (issue) => issue.reason,
      ),
    ).toContain('schema grows past 5000 nodes once references are inlined; the rest is cut');
  });
});

describe('projectSchema: caching and purity', () => {
  it('is cached per schema object, target and strict flag', () => {
    const neutral = toJsonSchema(readSchema);
    expect(projectSchema(neutral, 'gemini')).toBe(projectSchema(neutral, 'gemini'));
    expect(projectSchema(neutral, 'openai-chat', { strict: true })).toBe(
      projectSchema(neutral, 'openai-chat', { strict: true }),
    );
    expect(projectSchema(neutral, 'openai-chat', { strict: true })).not.toBe(
      projectSchema(neutral, 'openai-chat'),
    );
  });

  it('never freezes or changes a caller’s own schema object', () => {
    const mine: JsonSchema = { type: 'object', properties: { a: { type: ['string', 'null'] } } };
    projectSchema(mine, 'gemini');
    projectSchema(mine, 'openai-chat', { strict: true });
    expect(Object.isFrozen(mine)).toBe(false);
    expect(mine).toEqual({ type: 'object', properties: { a: { type: ['string', 'null'] } } });
  });
});

describe('projectSchema: the cache', () => {
  const first = toJsonSchema(Type.Object({ a: Type.String() }));
  const second = toJsonSchema(Type.Object({ b: Type.Optional(Type.Integer()) }));

  it('answers each schema and dialect from its own slot, whatever was asked just before', () => {
    const firstStrict = projectSchema(first, 'openai-chat', { strict: true });
    const secondGemini = projectSchema(second, 'gemini');
    // Alternating schemas and dialects: every answer is the one cached for its own pair.
    for (let round = 0; round < 3; round++) {
      expect(projectSchema(first, 'openai-chat', { strict: true })).toBe(firstStrict);
      expect(projectSchema(second, 'gemini')).toBe(secondGemini);
      expect(projectSchema(first, 'openai-chat')).toBe(
        projectSchema(first, 'openai-chat', { strict: false }),
      );
      expect(projectSchema(first, 'openai-chat')).not.toBe(firstStrict);
      expect(projectSchema(second, 'anthropic', { strict: true })).toBe(projectSchema(second, 'anthropic'));
    }
    expect(firstStrict.required).toEqual(['a']);
    expect(Object.keys(secondGemini.properties as object)).toEqual(['b']);
  });

  it('still refuses options the common { strict } shape does not cover, with the reason', () => {
    const refusal = (options: unknown) => {
      try {
        projectSchema(first, 'openai-chat', options as { strict?: boolean });
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(refusal({ strict: 'yes' })).toBe(
      'ProjectSchemaOptions: strict must be true or false; got string "yes".',
    );
    expect(refusal({ strict: true, extra: 1 })).toContain('unknown option "extra"');
    expect(refusal(Object.create({ strict: 1 }))).toContain('strict must be true or false');
    expect(refusal({})).toBe('accepted');
    expect(refusal({ strict: undefined })).toBe('accepted');
  });
});
