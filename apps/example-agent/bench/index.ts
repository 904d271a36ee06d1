// Benchmarks of the example agent (not tests). Every figure is a ratio against a baseline or a
// physical limit measured in the same run. Run with `pnpm bench` in apps/example-agent; the
// packages come from their built dist, so build them first (`pnpm build` at the root).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import { createTool, ToolKind } from '@toolwright/contracts';
import { formatDifference, formatNanos, median, pairedAsync, report } from '@toolwright/test-support/bench';
import { runDemo } from '../src/demo/run-demo.js';
import type { ModelToolCall } from '../src/providers/model-provider.js';
import { createAgentSession } from '../src/session/agent-session.js';
import { cliStartUp } from './cli-startup.js';
import { runGrepPathAccessBench } from './grep-path-access.js';

const root = mkdtempSync(join(tmpdir(), 'example-agent-bench-'));
const workspace = join(root, 'workspace');
mkdirSync(workspace);
for (let index = 0; index < 8; index += 1) {
  writeFileSync(join(workspace, `file-${index}.txt`), `${'line of text\n'.repeat(50)}`);
}

/** A shared, concurrency-safe tool that waits like a network or disk round trip would. */
const LATENCY_MS = 20;
const remoteLookup = createTool({
  name: 'RemoteLookup',
  kind: ToolKind.ReadOnly,
  schema: Type.Object({ key: Type.String() }),
  description: 'bench: waits one round trip',
  isConcurrencySafe: true,
  isRetrySafe: true,
  async execute(params) {
    await sleep(LATENCY_MS);
    return { llmContent: params.key };
  },
});

const session = createAgentSession({
  workspaceRoot: workspace,
  stateDirectory: join(root, 'state'),
  extraTools: [remoteLookup],
});
const context = {
  signal: new AbortController().signal,
  sessionId: session.sessionId,
  workspaceRoot: workspace,
};
let counter = 0;
const call = (name: string, args: unknown): ModelToolCall => ({
  id: String(++counter),
  name,
  arguments: args,
});

async function executorOverhead(): Promise<void> {
  // The whole executor path (lookup, build, hooks, permission with sensitive-path check, lock,
  // timeout, result rendering) against building and executing the same Read directly. The
  // sensitive-path check resolves symlinks (two fs calls), the same order of work as the small
  // Read itself, so the budget is 3x; on a real file or an MCP call the share is far smaller.
  const read = session.registry.get('Read')!;
  const result = await pairedAsync(
    () => session.executor.executeBatch([call('Read', { file_path: 'file-0.txt' })]),
    () => read.build({ file_path: 'file-0.txt' }).execute(context),
    { iterations: 200 },
  );
  const overhead = result.subject - result.baseline;
  report(
    `executor path for one small Read: ${result.ratio.toFixed(2)}x the direct build+execute (${formatNanos(result.subject)} vs ${formatNanos(result.baseline)}, ${formatDifference(overhead)} a call)`,
    '<= 3x',
    result.ratio <= 3,
  );
}

async function sharedBatchSpeedup(): Promise<void> {
  // Eight shared calls of a 20 ms round trip: one batch against one call at a time. The physical
  // limit is 8x (everything overlaps perfectly).
  const calls = () => Array.from({ length: 8 }, (_, index) => call('RemoteLookup', { key: String(index) }));
  const result = await pairedAsync(
    async () => {
      for (const single of calls()) await session.executor.executeBatch([single]);
    },
    () => session.executor.executeBatch(calls()),
    { iterations: 1, rounds: 7 },
  );
  report(
    `shared batch of 8 x ${LATENCY_MS} ms calls: ${result.ratio.toFixed(1)}x faster than one by one (${formatNanos(result.baseline)} vs ${formatNanos(result.subject)}; limit 8x)`,
    '>= 6x',
    result.ratio >= 6,
  );
}

async function sameFileEditsSerialised(): Promise<void> {
  // 8 edits of one file in one shared batch are serialised by the same-path lock. Its limit is
  // the time of the 8 edits run one after another: the lock should add no waiting beyond that.
  const tokens = Array.from({ length: 8 }, (_, index) => `token-${index}`);
  const reset = () => writeFileSync(join(workspace, 'edit-same.txt'), tokens.join('\n'));
  const edit = (index: number) =>
    call('Edit', { file_path: 'edit-same.txt', old_string: `token-${index}`, new_string: `done-${index}` });
  const batched: number[] = [];
  const sequential: number[] = [];
  for (let round = 0; round < 11; round += 1) {
    reset();
    let start = process.hrtime.bigint();
    await session.executor.executeBatch(tokens.map((_, index) => edit(index)));
    batched.push(Number(process.hrtime.bigint() - start));
    reset();
    start = process.hrtime.bigint();
    for (let index = 0; index < tokens.length; index += 1) await session.executor.executeBatch([edit(index)]);
    sequential.push(Number(process.hrtime.bigint() - start));
  }
  const ratio = median(batched) / median(sequential);
  report(
    `8 edits of one file in one batch (serialised by the path lock): ${ratio.toFixed(2)}x the time of the same 8 edits one by one (${formatNanos(median(batched))} vs ${formatNanos(median(sequential))}; limit 1x)`,
    '<= 1.25x',
    ratio <= 1.25,
  );
}

async function demoWallTime(): Promise<void> {
  const times: number[] = [];
  let turns = 0;
  for (let round = 0; round < 3; round += 1) {
    const demo = await runDemo({ sink: { write: () => true } });
    times.push(demo.elapsedMs);
    turns = demo.turns;
  }
  const elapsed = median(times);
  report(
    `demo (2 MCP servers over stdio, ${turns} model turns): ${(elapsed / 1000).toFixed(2)} s, ${((elapsed / 30_000) * 100).toFixed(1)}% of the 30 s budget`,
    '< 100%',
    elapsed < 30_000,
  );
}

try {
  console.log('apps/example-agent bench');
  await executorOverhead();
  await sharedBatchSpeedup();
  await sameFileEditsSerialised();
  // Grep's per-file permission check: its own workspace of 10,000 files, made and removed by it.
  for (const line of await runGrepPathAccessBench()) console.log(line);
  await demoWallTime();
  cliStartUp();
} finally {
  rmSync(root, { recursive: true, force: true });
}
