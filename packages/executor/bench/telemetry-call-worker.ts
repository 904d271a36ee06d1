// One side of the telemetry bench, in a process of its own (see telemetry-overhead.ts): a small
// Read, timed in blocks when the parent asks. argv[2] says what runs and what is there:
// through the executor, `absent` (`@opentelemetry/api` unresolvable: run with
// --import ./without-open-telemetry.mjs), `api` (the API, no SDK registered) or `sdk` (an SDK
// with a batching, discarding exporter); and the floor's two sides, a bare build + execute of
// the same Read, `bare` (the API unresolvable) or `bare-sdk` (the same SDK, with what the
// executor records made directly: direct-sdk-call.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuNanos, timeBlockAsync } from '@toolwright/test-support/bench';
import { loadOpenTelemetry } from '@toolwright/utils/telemetry';
import { directSdkCall } from './direct-sdk-call.js';
import { createBenchReadExecutor, SMALL_READ } from './read-tool.js';
import { registerBenchSdk } from './register-sdk.js';

export type TelemetrySide = 'absent' | 'api' | 'sdk' | 'bare' | 'bare-sdk';

/** The sides run with `@opentelemetry/api` made unresolvable. */
export const SIDES_WITHOUT_API: readonly TelemetrySide[] = ['absent', 'bare'];

/** A message from the parent: time one block of `iterations` calls, or stop. */
export type WorkerRequest = { readonly iterations: number } | { readonly stop: true };

const side = process.argv[2] as TelemetrySide;

const api = await loadOpenTelemetry();
if ((api === undefined) !== SIDES_WITHOUT_API.includes(side)) {
  throw new Error(
    `telemetry bench side "${side}": @opentelemetry/api is ${api === undefined ? 'absent' : 'loaded'}`,
  );
}
if (side === 'sdk' || side === 'bare-sdk') await registerBenchSdk();

const root = mkdtempSync(join(tmpdir(), 'executor-bench-'));
const { executor, read } = createBenchReadExecutor(root);
const context = { signal: new AbortController().signal, sessionId: 'bench', workspaceRoot: root };
const call: () => Promise<unknown> =
  side === 'bare'
    ? () => read.build(SMALL_READ.arguments).execute(context)
    : side === 'bare-sdk'
      ? await directSdkCall(read, context)
      : () => executor.executeBatch([SMALL_READ]);
// One call before the parent times anything; a failed Read would time an error path.
const first = (await call()) as ReadonlyArray<{ status: string; content: unknown }> | { error?: unknown };
const failure = Array.isArray(first)
  ? first[0]?.status !== 'success' && first[0]?.content
  : 'error' in first && first.error;
if (failure) throw new Error(`the bench's Read failed on side "${side}": ${JSON.stringify(failure)}`);

process.on('message', async (request: WorkerRequest) => {
  if ('stop' in request) {
    rmSync(root, { recursive: true, force: true });
    process.exit(0);
  }
  // CPU time: the host is shared and loaded, and wall time would mostly measure the scheduler.
  const nanos = await timeBlockAsync(call, request.iterations, cpuNanos);
  process.send?.(nanos);
});
process.send?.('ready');
