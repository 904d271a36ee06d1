import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { parseToolSchema } from './compile-tool-schema.js';

describe('default filling on the fast path', () => {
  it('handles any property name, including ones that would break generated code', () => {
    // (TypeBox 0.34's own compiler refuses names with a single quote or a line break.)
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a property name that looks like a template is the point
    const names = ['a"b', 'a/b', '~x', 'déjà', 'constructor', '`${x}`', '});throw 1;({'];
    const schema = Type.Object(
      Object.fromEntries(names.map((name, index) => [name, Type.Optional(Type.Integer({ default: index }))])),
    );
    expect(parseToolSchema(schema, {}).value).toEqual(
      Object.fromEntries(names.map((name, index) => [name, index])),
    );
    expect(parseToolSchema(schema, { 'a"b': 42 }).value).toMatchObject({ 'a"b': 42, 'a/b': 1 });
  });

  it('returns the input itself when no default is missing, and never shares a default object', () => {
    const schema = Type.Object({
      items: Type.Array(
        Type.Object({ tags: Type.Optional(Type.Array(Type.String(), { default: [] })), name: Type.String() }),
      ),
    });
    const complete = { items: [{ name: 'a', tags: ['x'] }] };
    expect(parseToolSchema(schema, complete).value).toBe(complete);
    const { value } = parseToolSchema(schema, { items: [{ name: 'a' }, { name: 'b' }] });
    expect(value).toEqual({
      items: [
        { name: 'a', tags: [] },
        { name: 'b', tags: [] },
      ],
    });
    expect(value.items[0]?.tags).not.toBe(value.items[1]?.tags);
  });

  it('keeps extra keys of open objects and fills defaults inside records', () => {
    const schema = Type.Object(
      {
        settings: Type.Record(
          Type.String(),
          Type.Object({ on: Type.Optional(Type.Boolean({ default: true })) }),
        ),
        mode: Type.Optional(Type.String({ default: 'fast' })),
      },
      { additionalProperties: true },
    );
    expect(parseToolSchema(schema, { settings: { a: {}, b: { on: false } }, extra: 1 }).value).toEqual({
      settings: { a: { on: true }, b: { on: false } },
      mode: 'fast',
      extra: 1,
    });
  });
});
