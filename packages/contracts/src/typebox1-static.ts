/**
 * The params type of a `typebox` 1.x schema, read from the schema's own structural type (TypeBox 1
 * types carry `'~kind'`, `properties`, `items`, `anyOf`, `const`, `'~optional'`), so that this
 * package's type declarations never import `typebox`: it is an optional peer, and a project
 * without it must still type-check with `skipLibCheck: false`.
 *
 * Covers the JSON kinds tools are written with — Object, Array, Tuple, Union, Intersect,
 * Literal, Enum, Record, String, Number, Integer, Boolean, Null — and agrees with TypeBox's own
 * `Static` for them (pinned by a type test); any other kind gives `unknown`.
 */
export type TypeBox1Static<S> = S extends { readonly '~kind': 'Object'; readonly properties: infer P }
  ? TypeBox1ObjectStatic<P>
  : S extends { readonly '~kind': 'Array'; readonly items: infer Item }
    ? TypeBox1Static<Item>[]
    : S extends { readonly '~kind': 'Tuple'; readonly items: infer Items extends readonly unknown[] }
      ? { -readonly [K in keyof Items]: TypeBox1Static<Items[K]> }
      : S extends { readonly '~kind': 'Union'; readonly anyOf: infer Members extends readonly unknown[] }
        ? TypeBox1Static<Members[number]>
        : S extends {
              readonly '~kind': 'Intersect';
              readonly allOf: infer Members extends readonly unknown[];
            }
          ? Intersection<TypeBox1Static<Members[number]>>
          : S extends { readonly '~kind': 'Literal'; readonly const: infer Value }
            ? Value
            : S extends { readonly '~kind': 'Enum'; readonly enum: infer Values extends readonly unknown[] }
              ? Values[number]
              : S extends { readonly '~kind': 'Record'; readonly patternProperties: infer Patterns }
                ? Record<string, TypeBox1Static<Patterns[keyof Patterns]>>
                : S extends { readonly '~kind': 'String' }
                  ? string
                  : S extends { readonly '~kind': 'Number' | 'Integer' }
                    ? number
                    : S extends { readonly '~kind': 'Boolean' }
                      ? boolean
                      : S extends { readonly '~kind': 'Null' }
                        ? null
                        : unknown;

type IsOptional<T> = T extends { readonly '~optional': true } ? true : false;

/** Required properties as they are, `Type.Optional` ones optional; flattened into one object type. */
type TypeBox1ObjectStatic<P> = Flatten<
  { [K in keyof P as IsOptional<P[K]> extends true ? never : K]: TypeBox1Static<P[K]> } & {
    [K in keyof P as IsOptional<P[K]> extends true ? K : never]?: TypeBox1Static<P[K]>;
  }
>;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

type Intersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void
  ? I
  : never;
