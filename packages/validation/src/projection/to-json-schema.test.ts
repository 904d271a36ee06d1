import { Kind, Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { toJsonSchema, toJsonSchemaFromPlain } from './to-json-schema.js';

describe('toJsonSchema', () => {
  it('gotcha: TypeBox to provider JSON Schema strips ~ annotations recursively and adds required: [] and additionalProperties: false; serialising the TypeBox schema directly is a different contract', () => {
    const annotation = Symbol('runtime');
    // TypeBox 0.34 marks nodes with symbol keys; newer TypeBox and hosts add `~`-prefixed keys.
    const inner = Object.assign(Type.Object({ depth: Type.Optional(Type.Integer()) }), {
      '~kind': 'Object',
      '~hooks': { onParse: 'x' },
      [annotation]: 'inner',
    });
    const schema = Object.assign(
      Type.Object({
        options: inner,
        '~x': Type.String({ '~optional': true }),
        list: Type.Array(Object.assign(Type.Object({ a: Type.String() }), { '~meta': 1 })),
      }),
      { '~standard': { version: 1 }, [annotation]: 'root' },
    );

    const projected = toJsonSchema(schema);
    expect(projected).toEqual({
      type: 'object',
      properties: {
        options: {
          type: 'object',
          properties: { depth: { type: 'integer' } },
          required: [],
          additionalProperties: false,
        },
        '~x': { type: 'string' },
        list: {
          type: 'array',
          items: {
            type: 'object',
            properties: { a: { type: 'string' } },
            required: ['a'],
            additionalProperties: false,
          },
        },
      },
      required: ['options', '~x', 'list'],
      additionalProperties: false,
    });
    expect(Object.getOwnPropertySymbols(projected)).toEqual([]);
    expect(JSON.parse(JSON.stringify(projected))).toEqual(projected);

    // The direct serialisation keeps the `~` annotations and leaves objects open: another contract.
    const direct = JSON.parse(JSON.stringify(schema));
    expect(direct['~standard']).toEqual({ version: 1 });
    expect(direct.properties.options.additionalProperties).toBeUndefined();
    expect(direct.properties.options.required).toBeUndefined();
    expect(direct).not.toEqual(projected);
  });

  it('keeps properties it is told about: an explicit additionalProperties or required wins', () => {
    const schema = Type.Object({ a: Type.String() }, { additionalProperties: true });
    expect(toJsonSchema(schema)).toEqual({
      type: 'object',
      properties: { a: { type: 'string' } },
      required: ['a'],
      additionalProperties: true,
    });
  });

  it('leaves record-like objects open', () => {
    const projected = toJsonSchema(Type.Object({ env: Type.Record(Type.String(), Type.String()) }));
    const env = (projected.properties as Record<string, Record<string, unknown>>).env!;
    expect(env.additionalProperties).toBeUndefined();
    expect(env.patternProperties).toEqual({ '^(.*)$': { type: 'string' } });
  });

  it('does not close the members of an intersection (that would reject every sibling property)', () => {
    const projected = toJsonSchema(
      Type.Intersect([Type.Object({ a: Type.String() }), Type.Object({ b: Type.String() })]),
    );
    for (const member of projected.allOf as Array<Record<string, unknown>>)
      expect(member.additionalProperties).toBeUndefined();
  });

  it('is computed once per schema object and frozen', () => {
    const schema = Type.Object({ a: Type.String() });
    expect(toJsonSchema(schema)).toBe(toJsonSchema(schema));
    expect(Object.isFrozen(toJsonSchema(schema).properties)).toBe(true);
  });

  it('rewrites a recursive schema’s self reference to "#" and keeps data keywords as JSON', () => {
    const tree = Type.Recursive((self) => Type.Object({ children: Type.Array(self) }), { $id: 'Node' });
    const projected = toJsonSchema(tree);
    expect(projected.$id).toBe('Node');
    expect(JSON.stringify(projected)).toContain('"$ref":"#"');
    const withDefault = toJsonSchema(
      Type.Object({ when: Type.String({ default: 'now', examples: ['now'] }) }),
    );
    expect(withDefault.properties).toEqual({ when: { type: 'string', default: 'now', examples: ['now'] } });
    expect(Kind in projected).toBe(false);
  });

  it('copies data lists as JSON would: non-JSON numbers and holes become null, and the copy is its own', () => {
    const names = ['a', 'b'];
    // biome-ignore lint/suspicious/noSparseArray: a hole is what is being tested
    const odd = [1, Number.NaN, -0, Number.POSITIVE_INFINITY, , 'x'];
    const projected = toJsonSchemaFromPlain({
      type: 'object',
      properties: { pick: { enum: names }, odd: { enum: odd } },
      required: names,
    }) as { properties: Record<string, { enum: unknown[] }>; required: string[] };

    expect(projected.properties.pick!.enum).toEqual(['a', 'b']);
    expect(projected.properties.pick!.enum).not.toBe(names);
    expect(projected.required).not.toBe(names);
    expect(Object.is(projected.properties.odd!.enum[2], 0)).toBe(true);
    expect(projected.properties.odd!.enum).toEqual([1, null, 0, null, null, 'x']);
  });
});
