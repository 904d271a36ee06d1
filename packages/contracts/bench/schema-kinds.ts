// Benchmarks of tools defined with Zod 4, Valibot, ArkType and TypeBox 1 (not tests): each
// figure is a ratio against the library's own work measured in the same run. Run with
// `pnpm bench` in this package (after building @toolwright/validation), or alone with
// `node --expose-gc --import tsx bench/schema-kinds.ts`.
import { Type as Type034 } from '@sinclair/typebox';
import { formatBytes, formatNanos, median, paired, report } from '@toolwright/test-support/bench';
import { DEFAULT_ARGUMENT_LIMITS } from '@toolwright/validation';
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import Type from 'typebox';
import { Compile } from 'typebox/compile';
import * as v from 'valibot';
import { z } from 'zod';
import { createTool, ToolKind, ToolResults } from '../src/index.js';
import { freezeEditLikeByHand, freezeReadLikeByHand } from './freeze-floor.js';
import { guardEditLikeByHand, guardReadLikeByHand } from './guard-floor.js';
import { NANOSECOND_ROUNDS } from './measure.js';

type Params = Record<string, unknown>;
const execute = async () => ToolResults.success('');
const NO_COERCIONS = Object.freeze([]);

/** One library: how it writes the two shapes, validates, and formats its own errors. */
interface Library {
  readonly label: string;
  readLike(): object;
  editLike(): object;
  /** The library's own validation; returns the validated (defaulted) value. */
  validator(schema: object): (input: unknown) => Params;
  /** The library's own validation plus its own error formatting; returns the message. */
  formatter(schema: object): (input: unknown) => string;
}

const libraries: Library[] = [
  {
    label: 'Zod 4',
    readLike: () =>
      z.object({
        file_path: z.string().min(1),
        offset: z.number().int().min(1).default(1),
        limit: z.number().int().min(1).default(2000),
      }),
    editLike: () =>
      z.object({
        file_path: z.string().min(1),
        edits: z
          .array(
            z.object({
              old_string: z.string(),
              new_string: z.string(),
              replace_all: z.boolean().default(false),
            }),
          )
          .min(1),
      }),
    validator: (schema) => {
      const zod = schema as z.ZodType;
      return (input) => zod.parse(input) as Params;
    },
    formatter: (schema) => {
      const zod = schema as z.ZodType;
      return (input) => {
        const result = zod.safeParse(input);
        return result.success ? '' : z.prettifyError(result.error);
      };
    },
  },
  {
    label: 'Valibot',
    readLike: () =>
      toStandardJsonSchema(
        v.object({
          file_path: v.pipe(v.string(), v.minLength(1)),
          offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
          limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 2000),
        }),
      ),
    editLike: () =>
      toStandardJsonSchema(
        v.object({
          file_path: v.pipe(v.string(), v.minLength(1)),
          edits: v.pipe(
            v.array(
              v.object({
                old_string: v.string(),
                new_string: v.string(),
                replace_all: v.optional(v.boolean(), false),
              }),
            ),
            v.minLength(1),
          ),
        }),
      ),
    // toStandardJsonSchema wraps the schema; its ~standard.validate is Valibot's own safeParse.
    validator: (schema) => {
      const validate = (schema as { '~standard': { validate(input: unknown): { value?: unknown } } })[
        '~standard'
      ].validate;
      return (input) => validate(input).value as Params;
    },
    formatter: (schema) => {
      const validate = (schema as { '~standard': { validate(input: unknown): { issues?: unknown } } })[
        '~standard'
      ].validate;
      return (input) => {
        const issues = validate(input).issues as Parameters<typeof v.summarize>[0] | undefined;
        return issues === undefined ? '' : v.summarize(issues);
      };
    },
  },
  {
    label: 'ArkType',
    readLike: () =>
      type({
        file_path: 'string > 0',
        offset: 'number.integer >= 1 = 1',
        limit: 'number.integer >= 1 = 2000',
      }),
    editLike: () =>
      type({
        file_path: 'string > 0',
        edits: type({ old_string: 'string', new_string: 'string', replace_all: 'boolean = false' })
          .array()
          .atLeastLength(1),
      }),
    validator: (schema) => {
      const ark = schema as (input: unknown) => unknown;
      return (input) => ark(input) as Params;
    },
    formatter: (schema) => {
      const ark = schema as (input: unknown) => unknown;
      return (input) => {
        const result = ark(input);
        return result instanceof type.errors ? result.summary : '';
      };
    },
  },
  {
    label: 'TypeBox 1',
    readLike: () =>
      Type.Object({
        file_path: Type.String({ minLength: 1 }),
        offset: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
        limit: Type.Optional(Type.Integer({ minimum: 1, default: 2000 })),
      }),
    editLike: () =>
      Type.Object({
        file_path: Type.String({ minLength: 1 }),
        edits: Type.Array(
          Type.Object({
            old_string: Type.String(),
            new_string: Type.String(),
            replace_all: Type.Optional(Type.Boolean({ default: false })),
          }),
          { minItems: 1 },
        ),
      }),
    // TypeBox's compiled check plus its own default filling (Value.Default clones and fills).
    validator: (schema) => {
      const compiled = Compile(schema as never);
      return (input) => {
        const value = compiled.Default(input) as Params;
        if (!compiled.Check(value)) throw new Error('invalid');
        return value;
      };
    },
    formatter: (schema) => {
      const compiled = Compile(schema as never);
      return (input) =>
        compiled.Check(input)
          ? ''
          : compiled
              .Errors(input)
              .map((error) => `${error.instancePath || '/'}: ${error.message}`)
              .join('\n');
    },
  },
];

const shapes = [
  {
    label: 'read-like',
    schemaOf: (library: Library) => library.readLike(),
    valid: { file_path: '/workspace/src/index.ts', offset: 10 } as Params,
    invalid: { file_path: '', offset: 0 } as Params,
    freeze: freezeReadLikeByHand,
    guard: guardReadLikeByHand,
  },
  {
    label: 'edit-like, 3 edits',
    schemaOf: (library: Library) => library.editLike(),
    valid: {
      file_path: '/workspace/src/index.ts',
      edits: [
        { old_string: 'a', new_string: 'b' },
        { old_string: 'c', new_string: 'd', replace_all: true },
        { old_string: 'e', new_string: 'f' },
      ],
    } as Params,
    invalid: { file_path: '', edits: [{ old_string: 'a', new_string: 5 }] } as Params,
    freeze: freezeEditLikeByHand,
    guard: guardEditLikeByHand,
  },
];

function tool(schema: object) {
  return createTool({ name: 'Bench', kind: ToolKind.Write, schema, description: 'Bench.', execute });
}

/** One error carrying `message`, made as build() makes its argument errors: no stack trace. */
function errorCarrying(message: string): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return new Error(message);
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** Throws an error carrying `message`, made as `errorCarrying` makes it: what a refusing build() does last. */
function throwCarrying(message: string): never {
  throw errorCarrying(message);
}

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the invalid input was accepted');
}

function benchBuild(library: Library): void {
  for (const shape of shapes) {
    const schema = shape.schemaOf(library);
    const made = tool(schema);
    const validate = library.validator(schema);
    // The floor: the library's own validation, then one Object.freeze per params node and one
    // for an invocation-sized object — what any deep-freezing build() on this library must pay.
    const floor = () => {
      const params = shape.freeze(validate(shape.valid), shape.valid);
      return Object.freeze({ params, coercions: NO_COERCIONS });
    };
    const valid = paired(() => made.build(shape.valid), floor, { ...NANOSECOND_ROUNDS, iterations: 2_000 });
    // The floor of a guarded build(): the same, after the least walk that checks the caller's
    // arguments before library code sees them (bench/guard-floor.ts), which build() must do.
    const guardedFloor = () =>
      shape.guard(shape.valid, DEFAULT_ARGUMENT_LIMITS.maxBytes) ? floor() : undefined;
    const guarded = paired(guardedFloor, floor, { ...NANOSECOND_ROUNDS, iterations: 2_000 });
    report(
      `${library.label} build() on valid input (${shape.label}): ${valid.ratio.toFixed(2)}x its own validation + the deep-freeze floor (${formatNanos(valid.subject)} vs ${formatNanos(valid.baseline)}; measured floor ${guarded.ratio.toFixed(2)}x: the same + the argument guard's walk by hand, which no build() that checks the caller's arguments before library code sees them can avoid)`,
      '<= 1.25x',
      valid.ratio <= 1.25,
    );
    const format = library.formatter(schema);
    if (format(shape.invalid) === '') throw new Error(`${library.label} accepted the invalid input`);
    const invalid = paired(
      () => messageOf(() => made.build(shape.invalid)),
      () => format(shape.invalid),
      { ...NANOSECOND_ROUNDS, iterations: 1_000 },
    );
    // The floor of a throwing build(): the library's own work, plus the one error object any
    // build() must throw (without a stack trace, as build()'s argument errors are made).
    const throwFloor = paired(
      () => errorCarrying(format(shape.invalid)),
      () => format(shape.invalid),
      { ...NANOSECOND_ROUNDS, iterations: 1_000 },
    );
    // The same error thrown by the function called and caught where the bench catches build()'s:
    // V8's throw (message object, unwinding) is paid by any build() that refuses by throwing.
    const thrownFloor = paired(
      () => messageOf(() => throwCarrying(format(shape.invalid))),
      () => format(shape.invalid),
      { ...NANOSECOND_ROUNDS, iterations: 1_000 },
    );
    report(
      `${library.label} build() on invalid input, model-facing message (${shape.label}): ${invalid.ratio.toFixed(2)}x its own validation + its own error formatting (${formatNanos(invalid.subject)} vs ${formatNanos(invalid.baseline)}; measured floor ${throwFloor.ratio.toFixed(2)}x: the same + one Error, which no throwing build() can avoid; ${thrownFloor.ratio.toFixed(2)}x with that Error thrown and caught, as build() throws it)`,
      '<= 1.5x',
      invalid.ratio <= 1.5,
    );
  }
}

/** Time (ns) and retained heap (bytes) of createTool over `count` fresh schemas, kept alive until measured. */
function measureCreation(count: number, makeSchema: () => object): { nanos: number; bytes: number } {
  const collect = (globalThis as { gc?: () => void }).gc;
  const schemas = Array.from({ length: count }, makeSchema);
  collect?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  const tools = schemas.map((schema, index) =>
    createTool({
      name: `Tool_${index}`,
      kind: ToolKind.ReadOnly,
      schema,
      description: `Tool ${index}.`,
      execute,
    }),
  );
  const nanos = Number(process.hrtime.bigint() - start);
  collect?.();
  const bytes = process.memoryUsage().heapUsed - heapBefore;
  if (tools.length !== schemas.length) throw new Error('unreachable');
  return { nanos, bytes };
}

function benchCreateMany(): void {
  const count = 2_000;
  const hasGc = typeof (globalThis as { gc?: unknown }).gc === 'function';
  const typebox034 = () =>
    Type034.Object({
      file_path: Type034.String({ minLength: 1 }),
      offset: Type034.Optional(Type034.Integer({ minimum: 1, default: 1 })),
      limit: Type034.Optional(Type034.Integer({ minimum: 1, default: 2000 })),
    });
  for (const library of libraries) {
    const own: Array<{ nanos: number; bytes: number }> = [];
    const peer: Array<{ nanos: number; bytes: number }> = [];
    for (let round = 0; round < 4; round++) {
      // Alternate which goes first so that load drift favours neither.
      if (round % 2 === 0) {
        own.push(measureCreation(count, () => library.readLike()));
        peer.push(measureCreation(count, typebox034));
      } else {
        peer.push(measureCreation(count, typebox034));
        own.push(measureCreation(count, () => library.readLike()));
      }
    }
    const nanos = median(own.map((sample) => sample.nanos));
    const peerNanos = median(peer.map((sample) => sample.nanos));
    const bytes = median(own.map((sample) => sample.bytes));
    const peerBytes = median(peer.map((sample) => sample.bytes));
    console.log(
      `${library.label} createTool for ${count} tools, time: ${formatNanos(nanos)} (${formatNanos(nanos / count)} per tool), ${(nanos / peerNanos).toFixed(2)}x TypeBox 0.34's ${formatNanos(peerNanos)} (reported beside TypeBox 0.34, no target)`,
    );
    console.log(
      `${library.label} createTool for ${count} tools, memory: ${
        hasGc
          ? `${formatBytes(bytes)} retained (${formatBytes(bytes / count)} per tool), ${(bytes / peerBytes).toFixed(2)}x TypeBox 0.34's ${formatBytes(peerBytes)}`
          : 'not measured (run with --expose-gc, as the bench script does)'
      } (reported beside TypeBox 0.34, no target)`,
    );
  }
}

/** Runs every schema-kind figure; called by bench/index.ts. */
export function benchSchemaKinds(): void {
  console.log('schema kinds — each library against its own validation, in the same run');
  for (const library of libraries) benchBuild(library);
  benchCreateMany();
}

if (import.meta.url === `file://${process.argv[1]}`) benchSchemaKinds();
