// Benchmarks of @toolwright/contracts (not tests). Each figure is a ratio against a peer
// measured in the same run. Run with `pnpm bench` in this package; siblings come from their
// built dist, so build @toolwright/validation first.
import { Type } from '@sinclair/typebox';
import {
  formatBytes,
  formatNanos,
  median,
  nanosPerCall,
  paired,
  report,
} from '@toolwright/test-support/bench';
import { compileToolSchema, parseToolSchema } from '@toolwright/validation';
import { createTool, ToolKind, ToolResults } from '../src/index.js';
import { freezeEditLikeByHand, freezeReadLikeByHand } from './freeze-floor.js';
import { NANOSECOND_ROUNDS } from './measure.js';
import { benchSchemaKinds } from './schema-kinds.js';
// Its load time first, in fresh processes (bench/import-time.ts).
import './import-time.js';

const execute = async () => ToolResults.success('');

function readLikeSchema() {
  return Type.Object({
    file_path: Type.String({ minLength: 1, description: 'Path of the file.' }),
    offset: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, default: 2000 })),
  });
}

function editLikeSchema() {
  return Type.Object({
    file_path: Type.String({ minLength: 1 }),
    edits: Type.Array(
      Type.Object({
        old_string: Type.String(),
        new_string: Type.String(),
        replace_all: Type.Optional(Type.Boolean({ default: false })),
      }),
      { minItems: 1 },
    ),
  });
}

function naiveFreeze(value: unknown): unknown {
  if (typeof value === 'object' && value !== null) {
    for (const child of Object.values(value)) {
      naiveFreeze(child);
    }
    Object.freeze(value);
  }
  return value;
}

type Record_ = Record<string, unknown>;

/**
 * Times one `Object.freeze` on a fresh 3-key object (allocation subtracted): a fixed runtime
 * call in V8, the unit every deep-freezing build() pays per object node and for the invocation.
 */
function freezeNanos(): number {
  let sink: unknown;
  const allocate = () => {
    sink = { path: 'a', offset: 1, limit: 2 };
  };
  const allocateAndFreeze = () => {
    sink = Object.freeze({ path: 'a', offset: 1, limit: 2 });
  };
  const { subject, baseline } = paired(allocateAndFreeze, allocate, {
    ...NANOSECOND_ROUNDS,
    iterations: 20_000,
    rounds: 21,
  });
  return sink === undefined ? 0 : subject - baseline;
}

function benchBuildOverhead(): void {
  const cases = [
    {
      label: 'read-like',
      schema: readLikeSchema(),
      input: { file_path: '/workspace/src/index.ts', offset: 10 } as Record_,
      freezeByHand: freezeReadLikeByHand,
    },
    {
      label: 'edit-like, 3 edits',
      schema: editLikeSchema(),
      input: {
        file_path: '/workspace/src/index.ts',
        edits: [
          { old_string: 'a', new_string: 'b' },
          { old_string: 'c', new_string: 'd', replace_all: true },
          { old_string: 'e', new_string: 'f' },
        ],
      } as Record_,
      freezeByHand: freezeEditLikeByHand,
    },
  ];
  console.log(
    `one Object.freeze on a fresh 3-key object: ${formatNanos(freezeNanos())} (allocation subtracted) (context: paid once per params node and once for the invocation, by any build() that returns deeply frozen params)`,
  );
  for (const { label, schema, input, freezeByHand } of cases) {
    const tool = createTool({
      name: 'Bench',
      kind: ToolKind.ReadOnly,
      schema,
      description: 'Bench.',
      execute,
    });
    const parseOptions = { toolName: 'Bench' };
    const timing = { ...NANOSECOND_ROUNDS, iterations: 2_000 };
    const {
      subject: buildNanos,
      baseline: parseNanos,
      ratio,
    } = paired(
      () => tool.build(input),
      () => parseToolSchema(schema, input, parseOptions),
      timing,
    );
    // The floor of any build() that honours the contract, written by hand for this one shape:
    // the tool's own parse, then exactly one Object.freeze per params node (a node still shared
    // with the caller's input is copied first) and one for a fresh invocation-sized object.
    // No walk, no dispatch, no invocation class: nothing a real build() could leave out.
    const validator = tool.validator;
    const floor = paired(
      () => {
        const result = validator.parse(input, parseOptions);
        const params = freezeByHand(result.value as Record_, input);
        return Object.freeze({ params, coercions: result.coercions });
      },
      () => parseToolSchema(schema, input, parseOptions),
      timing,
    );
    const versusFloor = paired(
      () => tool.build(input),
      () => {
        const result = validator.parse(input, parseOptions);
        const params = freezeByHand(result.value as Record_, input);
        return Object.freeze({ params, coercions: result.coercions });
      },
      timing,
    );
    // Context for the figure below: what a naive "parse, clone, deep-freeze" pipeline costs.
    const naive = paired(
      () => tool.build(input),
      () => naiveFreeze(structuredClone(parseToolSchema(schema, input, parseOptions).value)),
      timing,
    );
    console.log(
      `build() on valid input (${label}) vs naive parse + structuredClone + deep freeze: ${naive.ratio.toFixed(2)}x its cost (context)`,
    );
    console.log(
      `deep-freeze floor (${label}): parse + one Object.freeze per params node and for the invocation, by hand: ${floor.ratio.toFixed(2)}x the cost of parseToolSchema alone; build() is ${versusFloor.ratio.toFixed(2)}x this floor (context: no deep-freezing build() can be below this floor)`,
    );
    report(
      `build() on valid input (${label}): ${ratio.toFixed(2)}x the cost of parseToolSchema alone (${formatNanos(buildNanos)} vs ${formatNanos(parseNanos)}; measured floor ${floor.ratio.toFixed(2)}x)`,
      '<= 1.3x',
      ratio <= 1.3,
    );
  }
}

function benchDeclarationCache(): void {
  for (const target of ['openai-chat', 'gemini'] as const) {
    // Cold: first call on tools with fresh schema objects, so validation's caches are cold too.
    const coldSamples: number[] = [];
    for (let round = 0; round < 7; round++) {
      const tools = Array.from({ length: 200 }, (_, index) =>
        createTool({
          name: `Tool_${index}`,
          kind: ToolKind.ReadOnly,
          schema: editLikeSchema(),
          description: {
            short: 'Edits a file.',
            usageNotes: 'Read first.',
            important: 'Exact matches only.',
          },
          execute,
        }),
      );
      const start = process.hrtime.bigint();
      for (const tool of tools) {
        tool.getFunctionDeclaration(target);
      }
      coldSamples.push(Number(process.hrtime.bigint() - start) / tools.length);
    }
    const cold = median(coldSamples);
    const warmTool = createTool({
      name: 'Warm',
      kind: ToolKind.ReadOnly,
      schema: editLikeSchema(),
      description: 'W.',
      execute,
    });
    const warm = nanosPerCall(() => warmTool.getFunctionDeclaration(target), { iterations: 200_000 });
    const ratio = cold / warm;
    report(
      `getFunctionDeclaration('${target}') warm vs cold: ${ratio.toFixed(0)}x faster warm (${formatNanos(warm)} vs ${formatNanos(cold)})`,
      '>= 100x',
      ratio >= 100,
    );
  }
}

function createManyTools(schemas: readonly ReturnType<typeof readLikeSchema>[]) {
  return schemas.map((schema, index) =>
    createTool({
      name: `Tool_${index}`,
      kind: ToolKind.ReadOnly,
      schema,
      description: { short: `Tool number ${index}.`, long: 'Reads something.' },
      tags: ['bench'],
      execute,
    }),
  );
}

/** Time (ns) and retained heap (bytes) of `make` over fresh schemas; everything is kept alive until measured. */
function measureCreation(count: number, make: (schemas: ReturnType<typeof readLikeSchema>[]) => unknown[]) {
  const collect = (globalThis as { gc?: () => void }).gc;
  const schemas = Array.from({ length: count }, () => readLikeSchema());
  collect?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const start = process.hrtime.bigint();
  const made = make(schemas);
  const nanos = Number(process.hrtime.bigint() - start);
  collect?.();
  const bytes = process.memoryUsage().heapUsed - heapBefore;
  // Touch both arrays after measuring so neither can be collected early.
  if (made.length !== schemas.length) {
    throw new Error('unreachable');
  }
  return { nanos, bytes };
}

function benchCreateMany(): void {
  const count = 2_000;
  const hasGc = typeof (globalThis as { gc?: unknown }).gc === 'function';
  const tools = [];
  const compiled = [];
  const compileAll = (schemas: ReturnType<typeof readLikeSchema>[]) =>
    schemas.map((schema) => compileToolSchema(schema));
  for (let round = 0; round < 6; round++) {
    // Alternate which goes first so that load drift does not favour either.
    if (round % 2 === 0) {
      compiled.push(measureCreation(count, compileAll));
      tools.push(measureCreation(count, createManyTools));
    } else {
      tools.push(measureCreation(count, createManyTools));
      compiled.push(measureCreation(count, compileAll));
    }
  }
  const toolNanos = median(tools.map((sample) => sample.nanos));
  const compileNanos = median(compiled.map((sample) => sample.nanos));
  const toolBytes = median(tools.map((sample) => sample.bytes));
  const compileBytes = median(compiled.map((sample) => sample.bytes));
  console.log(
    `createTool for ${count} tools, time: ${formatNanos(toolNanos)} (${formatNanos(toolNanos / count)} per tool), ` +
      `${(toolNanos / compileNanos).toFixed(2)}x compileToolSchema alone on the same schemas (reported, no target)`,
  );
  console.log(
    `createTool for ${count} tools, memory: ${
      hasGc
        ? `${formatBytes(toolBytes)} retained (${formatBytes(toolBytes / count)} per tool), ` +
          `${(toolBytes / compileBytes).toFixed(2)}x compileToolSchema alone`
        : 'not measured (run with --expose-gc, as the bench script does)'
    } (reported, no target)`,
  );
}

console.log(
  `@toolwright/contracts benchmarks — node ${process.version}; a ratio is the median over paired rounds (A and B back to back), times in brackets are medians per operation`,
);
benchBuildOverhead();
benchDeclarationCache();
benchCreateMany();
benchSchemaKinds();
