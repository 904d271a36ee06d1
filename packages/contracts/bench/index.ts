// Benchmarks of @toolwright/contracts (not tests). Each figure is a ratio against a peer
// measured in the same run. Run with `pnpm bench` in this package; siblings come from their
// built dist, so build @toolwright/validation first.
import { Type } from '@sinclair/typebox';
import { compileToolSchema, parseToolSchema } from '@toolwright/validation';
import { createTool, ToolKind, ToolResults } from '../src/index.js';
import { formatNanos, median, medianNanosPerOperation, pairedMedians, report } from './measure.js';

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

function benchBuildOverhead(): void {
  const cases = [
    {
      label: 'read-like',
      schema: readLikeSchema(),
      input: { file_path: '/workspace/src/index.ts', offset: 10 },
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
      },
    },
  ];
  for (const { label, schema, input } of cases) {
    const tool = createTool({
      name: 'Bench',
      kind: ToolKind.ReadOnly,
      schema,
      description: 'Bench.',
      execute,
    });
    const parseOptions = { toolName: 'Bench' };
    const {
      first: buildNanos,
      second: parseNanos,
      ratio,
    } = pairedMedians(
      () => tool.build(input),
      () => parseToolSchema(schema, input, parseOptions),
      2_000,
    );
    report(
      `build() on valid input (${label})`,
      `${ratio.toFixed(2)}x the cost of parseToolSchema alone (${formatNanos(buildNanos)} vs ${formatNanos(parseNanos)})`,
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
    const warm = medianNanosPerOperation(() => warmTool.getFunctionDeclaration(target), 200_000);
    const ratio = cold / warm;
    report(
      `getFunctionDeclaration('${target}') warm vs cold`,
      `${ratio.toFixed(0)}x faster warm (${formatNanos(warm)} vs ${formatNanos(cold)})`,
      '>= 100x',
      ratio >= 100,
    );
  }
}

function benchCreateMany(): void {
  const count = 2_000;
  const collect = (globalThis as { gc?: () => void }).gc;
  const createSamples: number[] = [];
  const compileSamples: number[] = [];
  let heapPerTool = Number.NaN;
  for (let round = 0; round < 5; round++) {
    const schemas = Array.from({ length: count }, () => readLikeSchema());
    const compileOnly = Array.from({ length: count }, () => readLikeSchema());
    let start = process.hrtime.bigint();
    for (const schema of compileOnly) {
      compileToolSchema(schema);
    }
    compileSamples.push(Number(process.hrtime.bigint() - start));

    collect?.();
    const heapBefore = process.memoryUsage().heapUsed;
    start = process.hrtime.bigint();
    const tools = schemas.map((schema, index) =>
      createTool({
        name: `Tool_${index}`,
        kind: ToolKind.ReadOnly,
        schema,
        description: { short: `Tool number ${index}.`, long: 'Reads something.' },
        tags: ['bench'],
        execute,
      }),
    );
    createSamples.push(Number(process.hrtime.bigint() - start));
    collect?.();
    heapPerTool = (process.memoryUsage().heapUsed - heapBefore) / tools.length;
    if (tools.length !== count) {
      throw new Error('unreachable: keeps the tools alive until measured');
    }
  }
  const createNanos = median(createSamples);
  const compileNanos = median(compileSamples);
  report(
    `createTool for ${count} tools`,
    `${(createNanos / 1e6).toFixed(1)} ms (${formatNanos(createNanos / count)} per tool), ` +
      `${(createNanos / compileNanos).toFixed(2)}x compileToolSchema alone; ` +
      (collect === undefined
        ? 'heap not measured (run with --expose-gc)'
        : `heap ${((heapPerTool * count) / 1024 / 1024).toFixed(2)} MiB (${(heapPerTool / 1024).toFixed(2)} KiB per tool, schema compilation included)`),
    'reported',
    undefined,
  );
}

console.log(`@toolwright/contracts benchmarks — node ${process.version}, medians of several rounds`);
benchBuildOverhead();
benchDeclarationCache();
benchCreateMany();
