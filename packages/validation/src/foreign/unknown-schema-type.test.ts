import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from './compile-json-schema.js';
import { screenJsonSchema } from './prescreen-json-schema.js';
import { findUnknownSchemaType } from './unknown-schema-type.js';

const ACCEPTED = 'accepted types: string, number, integer, boolean, object, array, null';

/** The message `compileJsonSchema` throws for a schema, or undefined when it compiles. */
function refusal(schema: unknown): string | undefined {
  try {
    compileJsonSchema(schema, undefined, { name: 'search' });
    return undefined;
  } catch (error) {
    return `${(error as { code: string }).code}: ${(error as Error).message}`;
  }
}

describe('a type that is not a JSON Schema type', () => {
  it('is refused by compileJsonSchema, naming the node, the value, the accepted types and the nearest one', () => {
    expect(refusal({ type: 'object', properties: { q: { type: 'strnig' } } })).toBe(
      `schema_rejected: JSON Schema of "search": the schema node at /properties/q has type "strnig", which is not a JSON Schema type (did you mean "string"?); ${ACCEPTED}`,
    );
    expect(refusal({ type: 'object', properties: { q: { type: ['string', 'datetime'] } } })).toBe(
      `schema_rejected: JSON Schema of "search": the schema node at /properties/q has type "datetime", which is not a JSON Schema type; ${ACCEPTED}`,
    );
    expect(refusal({ type: 'objet' })).toMatch(/node at \/ has type "objet".*did you mean "object"/);
  });

  it('is found in every nested schema position', () => {
    const at = (schema: unknown) => findUnknownSchemaType(schema)?.path;
    const bad = { type: 'numbr' };
    expect(at({ type: 'object', properties: { a: { type: 'array', items: bad } } })).toBe(
      '/properties/a/items',
    );
    expect(at({ type: 'array', items: [{ type: 'string' }, bad] })).toBe('/items/1');
    expect(at({ anyOf: [{ type: 'string' }, bad] })).toBe('/anyOf/1');
    expect(at({ oneOf: [bad] })).toBe('/oneOf/0');
    expect(at({ allOf: [{}, { properties: { x: bad } }] })).toBe('/allOf/1/properties/x');
    expect(at({ $defs: { Size: bad }, $ref: '#/$defs/Size' })).toBe('/$defs/Size');
    expect(at({ definitions: { Size: bad } })).toBe('/definitions/Size');
    expect(at({ type: 'object', additionalProperties: bad })).toBe('/additionalProperties');
    expect(at({ patternProperties: { '^x': bad } })).toBe('/patternProperties/^x');
    expect(at({ not: bad })).toBe('/not');
    expect(at({ if: {}, else: bad })).toBe('/else');
    expect(at({ prefixItems: [bad] })).toBe('/prefixItems/0');
    expect(at({ dependencies: { a: bad } })).toBe('/dependencies/a');
    // A name with "/" or "~" is escaped in the pointer.
    expect(at({ properties: { 'a/b': bad } })).toBe('/properties/a~1b');
    // The first in document order is the one named.
    expect(findUnknownSchemaType({ properties: { a: { type: 'strin' }, b: { type: 'bool' } } })?.value).toBe(
      'strin',
    );
  });

  it('a property named "type", a type given as a non-name and an empty list', () => {
    // A property called "type" is a name, not the keyword.
    expect(
      findUnknownSchemaType({ type: 'object', properties: { type: { type: 'string' } } }),
    ).toBeUndefined();
    expect(findUnknownSchemaType({ type: 'object', required: ['type'] })).toBeUndefined();
    expect(findUnknownSchemaType({ properties: { a: { type: 5 } } })?.value).toBe(5);
    expect(findUnknownSchemaType({ properties: { a: { type: [] } } })?.value).toEqual([]);
  });

  it('is a refusal without a limit in the shared screen', () => {
    expect(screenJsonSchema({ type: 'object', properties: { n: { type: 'int' } } }).refusal).toEqual({
      limit: undefined,
      problem: 'the schema node at /properties/n has type "int", which is not a JSON Schema type',
      accepted: ACCEPTED,
    });
  });
});
