import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatNanos, median, medianRatio, report, sampleRoundsAsync } from '@toolwright/test-support/bench';
import { FLOOR_RECORDS } from './direct-sdk-call.js';
import { SIDES_WITHOUT_API, type TelemetrySide, type WorkerRequest } from './telemetry-call-worker.js';

const WORKER = fileURLToPath(new URL('./telemetry-call-worker.ts', import.meta.url));
const WITHOUT_API = fileURLToPath(new URL('./without-open-telemetry.mjs', import.meta.url));

/** A worker process for one side, once it has made its executor and run one call. */
function startWorker(side: TelemetrySide): Promise<ChildProcess> {
  const child = fork(WORKER, [side], {
    execArgv: ['--import', 'tsx', ...(SIDES_WITHOUT_API.includes(side) ? ['--import', WITHOUT_API] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', () => resolve(child));
    child.once('exit', (code) =>
      reject(new Error(`the ${side} worker exited (${code}) before it was ready`)),
    );
  });
}

/** Nanoseconds per call of one block run by `child`. */
function block(child: ChildProcess, iterations: number): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (nanos) => resolve(nanos as number));
    child.send({ iterations } satisfies WorkerRequest);
  });
}

/**
 * One small Read through the executor in three processes: `@opentelemetry/api` not installed
 * (made unresolvable), the API without an SDK, and an SDK with a batching exporter and a meter
 * provider. Beside them, the SDK's own floor: a bare build + execute of the same Read, without
 * the API and with the same SDK recording what the executor records, made directly
 * (direct-sdk-call.ts); the difference is what the SDK costs whoever calls it. The processes take
 * turns, one block at a time in alternating rounds, so that the machine's slow stretches fall on
 * all alike; each figure is a median of per-round ratios of CPU time (the process's, its I/O
 * threads included: on a shared, loaded host wall time mostly measures the scheduler).
 */
export async function telemetryOverhead(): Promise<void> {
  // Two processes without the API: their ratio is the noise floor between processes of this run.
  const sides: TelemetrySide[] = ['absent', 'absent', 'api', 'sdk', 'bare', 'bare-sdk'];
  const workers = await Promise.all(sides.map(startWorker));
  try {
    const [absent, twin, api, sdk, bare, bareSdk] = (await sampleRoundsAsync(
      workers.length,
      { rounds: 41, warmupRounds: 3 },
      (position) => block(workers[position] as ChildProcess, 200),
    )) as [number[], number[], number[], number[], number[], number[]];
    const apiRatio = medianRatio(api, absent);
    const sdkRatio = medianRatio(sdk, absent);
    // The SDK's own cost a call, added to the executor's call without the API: the least an SDK
    // side could measure if the executor's telemetry cost nothing of its own.
    const sdkCost = bareSdk.map((nanos, round) => nanos - (bare[round] ?? Number.NaN));
    const floorRatio = median(sdkCost.map((nanos, round) => 1 + nanos / (absent[round] ?? Number.NaN)));
    const { spans, attributes, events, metricRecords } = FLOOR_RECORDS;
    console.log(
      `  noise floor: a second process without the API measures ${medianRatio(twin, absent).toFixed(3)}x the first`,
    );
    report(
      `executor call with @opentelemetry/api but no SDK: ${apiRatio.toFixed(3)}x the call without the API installed (${formatNanos(median(api))} vs ${formatNanos(median(absent))} CPU a call)`,
      '<= 1.02x',
      apiRatio <= 1.02,
    );
    console.log(
      `  floor: the SDK's own cost for ${spans} span (${attributes} attributes, ${events} event, its context entered around the tool) + ${metricRecords} metric records, made directly around a bare build + execute, is ${formatNanos(median(sdkCost))} CPU a call (${formatNanos(median(bareSdk))} vs ${formatNanos(median(bare))}): ${floorRatio.toFixed(3)}x the executor's call without the API`,
    );
    report(
      `executor call with an SDK (batching span processor, meter provider, context manager): ${sdkRatio.toFixed(3)}x the call without the API installed (${formatNanos(median(sdk))} CPU a call, ${formatNanos(median(sdk) - median(absent))} over it; the SDK's own floor ${floorRatio.toFixed(3)}x)`,
      floorRatio > 1.15 ? `<= 1.15x, below the SDK's own floor of ${floorRatio.toFixed(3)}x` : '<= 1.15x',
      sdkRatio <= 1.15,
    );
  } finally {
    for (const worker of workers) worker.send({ stop: true } satisfies WorkerRequest);
  }
}
