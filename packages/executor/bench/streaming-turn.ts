import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Type } from '@sinclair/typebox';
import { createTool, type Tool, ToolKind } from '@toolwright/contracts';
import {
  PermissionPolicy,
  type ToolCallRequest,
  type ToolCallStreamEvent,
  ToolExecutor,
} from '@toolwright/executor';
import { median, report } from '@toolwright/test-support/bench';

const TOOL_MS = 100;
/** When each call's arguments are complete, as the model streams them (ms from the start). */
const CALL_COMPLETE_AT = [150, 300, 450, 600];
const CALLS: ToolCallRequest[] = [
  { id: 'r1', name: 'Read', arguments: { path: 'a' } },
  { id: 'r2', name: 'Read', arguments: { path: 'b' } },
  { id: 'r3', name: 'Read', arguments: { path: 'c' } },
  { id: 'w1', name: 'Write', arguments: { path: 'd' } },
];

function slowTool(name: string, kind: ToolKind, isConcurrencySafe: boolean): Tool {
  return createTool({
    name,
    kind,
    schema: Type.Object({ path: Type.String() }),
    description: `${name} taking ${TOOL_MS} ms`,
    isConcurrencySafe,
    async execute(_params, context) {
      await sleep(TOOL_MS, undefined, { signal: context.signal });
      return { llmContent: 'ok' };
    },
  });
}

/** The model's message: each call's start and argument fragments, complete at its time; the message ends with the last. */
async function* modelStream(): AsyncGenerator<ToolCallStreamEvent> {
  const origin = performance.now();
  for (const [index, call] of CALLS.entries()) {
    const json = JSON.stringify(call.arguments);
    yield { type: 'tool-call-start', callId: call.id, toolName: call.name };
    yield { type: 'tool-call-delta', callId: call.id, argumentsDelta: json.slice(0, 4) };
    await sleep(Math.max(0, (CALL_COMPLETE_AT[index] as number) - (performance.now() - origin)));
    yield { type: 'tool-call-delta', callId: call.id, argumentsDelta: json.slice(4) };
    yield { type: 'tool-call-end', callId: call.id };
  }
  yield { type: 'message-end' };
}

/** Reads the whole stream first, then runs the calls: what an agent without pre-start does. */
async function drain(stream: AsyncIterable<ToolCallStreamEvent>): Promise<void> {
  for await (const _event of stream);
}

/**
 * One streamed turn: 3 Reads and a Write whose arguments complete at 150/300/450/600 ms, each
 * tool taking 100 ms. Pre-start against waiting for the end of the message (then one batch, or
 * one call after another), and against the limit: the stream's end plus the work that may not
 * start before it (the Write, which is not concurrency-safe).
 */
export async function streamingTurn(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'executor-bench-'));
  try {
    const executor = new ToolExecutor({
      lookup: (
        (tools) => (name: string) =>
          tools.get(name)
      )(
        new Map([
          ['Read', slowTool('Read', ToolKind.ReadOnly, true)],
          ['Write', slowTool('Write', ToolKind.Write, false)],
        ]),
      ),
      permissions: new PermissionPolicy({ workspaceRoot: root }),
      sessionId: 'bench',
      workspaceRoot: root,
    });
    const timed = async (turn: () => Promise<unknown>): Promise<number> => {
      const start = performance.now();
      await turn();
      return performance.now() - start;
    };
    const preStart: number[] = [];
    const batchAfterEnd: number[] = [];
    const oneByOneAfterEnd: number[] = [];
    for (let round = 0; round < 7; round += 1) {
      preStart.push(await timed(() => executor.executeStream(modelStream())));
      batchAfterEnd.push(
        await timed(async () => {
          await drain(modelStream());
          await executor.executeBatch(CALLS);
        }),
      );
      oneByOneAfterEnd.push(
        await timed(async () => {
          await drain(modelStream());
          for (const call of CALLS) await executor.executeBatch([call]);
        }),
      );
    }
    const limit = (CALL_COMPLETE_AT.at(-1) as number) + TOOL_MS;
    const pre = median(preStart);
    const batch = median(batchAfterEnd);
    const serial = median(oneByOneAfterEnd);
    // Batching after the message end already overlaps the Reads, so this turn cannot beat it by
    // more than (stream end + Reads + Write) / limit: 1.14x. The 1.3x target holds where the turn
    // allows it; below that, the figure must come within the same 10% of the limit as line three.
    const batchedLimitRatio = ((CALL_COMPLETE_AT.at(-1) as number) + 2 * TOOL_MS) / limit;
    const batchTargetRatio = Math.min(1.3, batchedLimitRatio / 1.1);
    report(
      `streamed turn (3 Reads + 1 Write, 100 ms each): pre-start ${(batch / pre).toFixed(2)}x faster than waiting for the message end and batching (${pre.toFixed(0)} vs ${batch.toFixed(0)} ms; this turn allows at most ${batchedLimitRatio.toFixed(2)}x, since the batch already overlaps the Reads)`,
      `>= 1.3x, or within 10% of this turn's limit (>= ${batchTargetRatio.toFixed(2)}x)`,
      batch / pre >= batchTargetRatio,
    );
    report(
      `streamed turn: pre-start ${(serial / pre).toFixed(2)}x faster than waiting for the message end and running calls one by one (${serial.toFixed(0)} ms)`,
      '>= 1.3x',
      serial / pre >= 1.3,
    );
    report(
      `streamed turn: pre-start ${((pre / limit - 1) * 100).toFixed(1)}% over the limit (stream end + the Write that may not start before it: ${limit} ms)`,
      '<= 10%',
      pre / limit <= 1.1,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
