import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../schema/json-types.js';
import { lintToolDeclaration } from './lint-tool-declaration.js';
import { PORTABLE_TOOL_NAME } from './provider-rules.js';

const empty: JsonSchema = { type: 'object', properties: {}, required: [], additionalProperties: false };

describe('lintToolDeclaration', () => {
  it('checks each provider’s name rule and the portable one', () => {
    expect(PORTABLE_TOOL_NAME.test('mcp__github__create_issue')).toBe(true);
    expect(PORTABLE_TOOL_NAME.test('a'.repeat(64))).toBe(true);
    for (const bad of ['', '1tool', '-tool', 'a'.repeat(65), 'has space', 'dot.name', 'ünicode'])
      expect(PORTABLE_TOOL_NAME.test(bad)).toBe(false);

    const geminiEmpty: JsonSchema = { type: 'object', properties: {}, required: [] };
    expect(
      lintToolDeclaration({ name: 'fs.read', description: '', parameters: geminiEmpty }, 'gemini'),
    ).toEqual([]);
    expect(
      lintToolDeclaration({ name: 'fs.read', description: '', parameters: empty }, 'openai-chat'),
    ).toEqual([
      {
        target: 'openai-chat',
        toolName: 'fs.read',
        path: '',
        reason:
          'tool name "fs.read" is not accepted by openai-chat; use 1-64 characters of a-z, A-Z, 0-9, _ and -',
      },
    ]);
    expect(lintToolDeclaration({ name: '9lives', description: '', parameters: empty }, 'anthropic')).toEqual(
      [],
    );
    expect(
      lintToolDeclaration({ name: '9lives', description: '', parameters: empty }, 'json-schema')[0]?.reason,
    ).toMatch(/portable name/);
  });

  it('requires one object at the root for the providers', () => {
    const issues = lintToolDeclaration(
      { name: 'T', description: '', parameters: { type: 'string' } },
      'openai-responses',
    );
    expect(issues.map((issue) => issue.reason)).toEqual([
      'openai-responses needs parameters of type "object", found "string"',
    ]);
    expect(
      lintToolDeclaration({ name: 'T', description: '', parameters: { type: 'string' } }, 'json-schema'),
    ).toEqual([]);
  });

  it('reports depth and size with the path where the limit was crossed', () => {
    let deep: JsonSchema = { type: 'string' };
    for (let level = 0; level < 80; level++) deep = { type: 'object', properties: { n: deep } };
    const issues = lintToolDeclaration({ name: 'Deep', description: '', parameters: deep }, 'anthropic');
    expect(issues).toEqual([
      {
        target: 'anthropic',
        toolName: 'Deep',
        path: `${'/properties/n'.repeat(64)}`,
        reason: 'schema nests deeper than 64 levels',
      },
    ]);
    const big: JsonSchema = {
      type: 'object',
      properties: { a: { type: 'string', description: 'x'.repeat(130_000) } },
    };
    const [sizeIssue, ...others] = lintToolDeclaration(
      { name: 'Big', description: '', parameters: big },
      'openai-chat',
    );
    expect(others).toEqual([]);
    expect(sizeIssue?.reason).toMatch(
      /^schema is about 130\d{3} characters; openai-chat accepts at most 120000$/,
    );
  });

  it('reports what OpenAI strict mode rejects', () => {
    const parameters: JsonSchema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'object', properties: { c: { type: 'integer' } }, required: ['c'] },
      },
      required: ['a'],
      additionalProperties: false,
      allOf: [],
    };
    const reasons = lintToolDeclaration(
      { name: 'S', description: '', parameters, strict: true },
      'openai-chat',
    ).map((issue) => `${issue.path} ${issue.reason}`);
    expect(reasons).toEqual([
      '/allOf openai-chat does not accept allOf at the root of parameters; use one object schema',
      '/allOf OpenAI strict mode does not support "allOf"',
      '/properties/b strict mode needs every property in required; make "b" required and nullable',
      '/properties/b strict mode needs additionalProperties: false on every object',
    ]);
    // The same declaration without strict is fine apart from the root allOf.
    expect(lintToolDeclaration({ name: 'S', description: '', parameters }, 'openai-chat')).toHaveLength(1);
  });

  it('reports Gemini keywords, types, enums and parameter names it does not accept', () => {
    const parameters: JsonSchema = {
      type: 'object',
      properties: {
        'bad-name': { type: 'string' },
        a: { type: ['string', 'null'] },
        b: { type: 'integer', enum: [1, 2] },
        c: { $ref: 'other.json#/x' },
      },
      additionalProperties: false,
    };
    const found = lintToolDeclaration({ name: 'G', description: '', parameters }, 'gemini').map(
      (issue) => `${issue.path} ${issue.reason}`,
    );
    expect(found.sort()).toEqual(
      [
        '/additionalProperties Gemini does not accept the keyword "additionalProperties"',
        '/properties/bad-name Gemini parameter names must match ^[a-zA-Z_][a-zA-Z0-9_]{0,63}$',
        '/properties/c/$ref Gemini does not accept the keyword "$ref"',
        '/properties/c/$ref reference "other.json#/x" is not local; only "#..." references can be sent',
        '/properties/b/enum Gemini accepts only string enum values',
        '/properties/a/type Gemini does not accept a list of types; use one type with nullable: true or anyOf',
      ].sort(),
    );
  });

  it('reports types a model cannot send as JSON (TypeBox Date, Uint8Array, ...)', () => {
    const parameters: JsonSchema = {
      type: 'object',
      properties: { when: { type: 'Date' } },
      required: [],
      additionalProperties: false,
    };
    expect(lintToolDeclaration({ name: 'T', description: '', parameters }, 'anthropic')).toEqual([
      {
        target: 'anthropic',
        toolName: 'T',
        path: '/properties/when/type',
        reason: 'type "Date" is not a JSON Schema type; a model cannot send it as JSON',
      },
    ]);
  });

  it('walks hostile parameters iteratively', () => {
    let deep: JsonSchema = {};
    for (let level = 0; level < 50_000; level++) deep = { items: deep };
    expect(lintToolDeclaration({ name: 'X', description: '', parameters: deep }, 'json-schema')).toEqual([
      {
        target: 'json-schema',
        toolName: 'X',
        path: `${'/items'.repeat(64)}`,
        reason: 'schema nests deeper than 64 levels',
      },
    ]);
  });
});
