import { type TSchema, Type } from '@sinclair/typebox';
import fc from 'fast-check';

/** A generated TypeBox schema with an arbitrary of values it accepts. */
export interface SchemaCase {
  schema: TSchema;
  valid: fc.Arbitrary<unknown>;
  /** Whether the schema (anywhere) has an optional property that also accepts null. */
  optionalNullable: boolean;
}

const propertyName = fc.constantFrom('path', 'limit', 'mode', 'items', 'ok', 'x_1', '~x', 'déjà', 'a b');

function leaf(): fc.Arbitrary<SchemaCase> {
  const plain = (schema: TSchema, valid: fc.Arbitrary<unknown>): SchemaCase => ({
    schema,
    valid,
    optionalNullable: false,
  });
  return fc.oneof(
    fc.constant(plain(Type.String(), fc.string({ maxLength: 8 }))),
    fc
      .nat(4)
      .map((minLength) =>
        plain(
          Type.String({ minLength, maxLength: minLength + 6 }),
          fc.string({ minLength, maxLength: minLength + 6 }),
        ),
      ),
    fc
      .tuple(fc.integer({ min: -1000, max: 1000 }), fc.nat(2000))
      .map(([minimum, span]) =>
        plain(
          Type.Integer({ minimum, maximum: minimum + span }),
          fc.integer({ min: minimum, max: minimum + span }),
        ),
      ),
    fc.constant(
      plain(
        Type.Number(),
        fc
          .double({ noNaN: true, noDefaultInfinity: true })
          .map((value) => (Object.is(value, -0) ? 0 : value)),
      ),
    ),
    fc.constant(plain(Type.Boolean(), fc.boolean())),
    fc.constant(plain(Type.Null(), fc.constant(null))),
    fc
      .uniqueArray(fc.constantFrom('a', 'b', 'text', 'bytes', 'x y'), { minLength: 1, maxLength: 4 })
      .map((values) =>
        plain(Type.Union(values.map((value) => Type.Literal(value))), fc.constantFrom(...values)),
      ),
    fc.integer({ min: -5, max: 5 }).map((value) => plain(Type.Literal(value), fc.constant(value))),
    // Non-string literals and enums: Gemini accepts `enum` only on strings.
    fc
      .uniqueArray(fc.oneof(fc.integer({ min: -3, max: 300 }), fc.constantFrom(0.5, 2.25)), {
        minLength: 1,
        maxLength: 4,
      })
      .map((values) =>
        plain(Type.Union(values.map((value) => Type.Literal(value))), fc.constantFrom(...values)),
      ),
    fc.constant(plain(Type.Literal(true), fc.constant(true))),
    fc.constant(
      plain(
        Type.Union([Type.Literal('auto'), Type.Literal(1), Type.Literal(false)]),
        fc.constantFrom('auto', 1, false),
      ),
    ),
    fc.constant(
      plain(
        Type.Record(Type.String(), Type.Integer()),
        fc.dictionary(fc.string({ maxLength: 4 }).filter(isSafeKey), fc.integer()),
      ),
    ),
  );
}

function isSafeKey(key: string): boolean {
  return key !== '__proto__' && key !== 'constructor' && key !== 'prototype';
}

interface PropertyCase {
  name: string;
  inner: SchemaCase;
  optional: boolean;
  withDefault: boolean;
}

/** Arbitrary schemas (objects, arrays, unions, nullable, optional, defaults) with valid values. */
export function schemaCase(depth: number): fc.Arbitrary<SchemaCase> {
  if (depth <= 0) return leaf();
  const inner = schemaCase(depth - 1);
  const object = fc
    .uniqueArray(
      fc.record({ name: propertyName, inner, optional: fc.boolean(), withDefault: fc.boolean() }),
      {
        selector: (property) => property.name,
        maxLength: 5,
      },
    )
    .chain((properties) =>
      fc.tuple(
        fc.constant(properties),
        fc.tuple(
          ...properties.map((property) =>
            property.withDefault ? property.inner.valid.map((value) => ({ value })) : fc.constant(undefined),
          ),
        ),
      ),
    )
    .map(
      ([properties, defaults]): SchemaCase =>
        objectCase(properties as PropertyCase[], defaults as Array<{ value: unknown } | undefined>),
    );
  const array = inner.chain((item) =>
    fc.nat(4).map(
      (maxItems): SchemaCase => ({
        schema: Type.Array(item.schema, { maxItems }),
        valid: fc.array(item.valid, { maxLength: maxItems }),
        optionalNullable: item.optionalNullable,
      }),
    ),
  );
  const nullable = inner
    .filter((item) => !acceptsNullDirectly(item.schema))
    .map(
      (item): SchemaCase => ({
        schema: Type.Union([item.schema, Type.Null()]),
        valid: fc.oneof(item.valid, fc.constant(null)),
        optionalNullable: item.optionalNullable,
      }),
    );
  const union = fc.tuple(leaf(), leaf()).map(
    ([left, right]): SchemaCase => ({
      schema: Type.Union([left.schema, right.schema]),
      valid: fc.oneof(left.valid, right.valid),
      optionalNullable: false,
    }),
  );
  return fc.oneof({ depthSize: 'small' }, leaf(), object, array, nullable, union);
}

function acceptsNullDirectly(schema: TSchema): boolean {
  return (
    schema.type === 'null' ||
    (Array.isArray(schema.anyOf) && schema.anyOf.some((member: TSchema) => member.type === 'null'))
  );
}

function objectCase(properties: PropertyCase[], defaults: Array<{ value: unknown } | undefined>): SchemaCase {
  const shape: Record<string, TSchema> = {};
  let optionalNullable = false;
  properties.forEach((property, index) => {
    const defaultValue = defaults[index];
    let schema = property.inner.schema;
    if (defaultValue !== undefined)
      schema = { ...schema, default: structuredClone(defaultValue.value) } as TSchema;
    if (property.optional) {
      schema = Type.Optional(schema);
      if (acceptsNullDirectly(property.inner.schema)) optionalNullable = true;
    }
    optionalNullable ||= property.inner.optionalNullable;
    shape[property.name] = schema;
  });
  const requiredKeys = properties.filter((property) => !property.optional).map((property) => property.name);
  const valid = fc.record(
    Object.fromEntries(properties.map((property) => [property.name, property.inner.valid])),
    {
      requiredKeys,
    },
  );
  return { schema: Type.Object(shape), valid, optionalNullable };
}

/** A root object schema (what a tool has) with valid arguments. */
export function toolSchemaCase(depth = 2): fc.Arbitrary<SchemaCase> {
  return schemaCase(depth).map((item) =>
    item.schema.type === 'object' &&
    item.schema.properties !== undefined &&
    item.schema.patternProperties === undefined
      ? item
      : {
          schema: Type.Object({ value: item.schema }),
          valid: item.valid.map((value) => ({ value })),
          optionalNullable: item.optionalNullable,
        },
  );
}

/** Deep-freezes a value so any attempt to modify it throws in strict-mode code. */
export function deepFreeze<T>(value: T): T {
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const current = stack.pop();
    if (typeof current !== 'object' || current === null || Object.isFrozen(current)) continue;
    Object.freeze(current);
    stack.push(...Object.values(current));
  }
  return value;
}
