import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { formatNanos, median, medianRatio, report, sampleRoundsAsync } from '@toolwright/test-support/bench';
import type { TelemetrySide, WorkerRequest } from './telemetry-call-worker.js';

const WORKER = fileURLToPath(new URL('./telemetry-call-worker.ts', import.meta.url));
const WITHOUT_API = fileURLToPath(new URL('./without-open-telemetry.mjs', import.meta.url));

/** A worker process for one side, once it has made its executor and run one call. */
function startWorker(side: TelemetrySide): Promise<ChildProcess> {
  const child = fork(WORKER, [side], {
    execArgv: ['--import', 'tsx', ...(side === 'absent' ? ['--import', WITHOUT_API] : [])],
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
 * provider. The processes take turns, one block at a time in alternating rounds, so that the
 * machine's slow stretches fall on all three alike; each figure is a median of per-round ratios
 * of CPU time (the process's, its I/O threads included: on a shared, loaded host wall time
 * mostly measures the scheduler).
 */
export async function telemetryOverhead(): Promise<void> {
  // Two processes without the API: their ratio is the noise floor between processes of this run.
  const sides: TelemetrySide[] = ['absent', 'absent', 'api', 'sdk'];
  const workers = await Promise.all(sides.map(startWorker));
  try {
    const [absent, twin, api, sdk] = (await sampleRoundsAsync(
      workers.length,
      { rounds: 41, warmupRounds: 3 },
      (position) => block(workers[position] as ChildProcess, 200),
    )) as [number[], number[], number[], number[]];
    const apiRatio = medianRatio(api, absent);
    const sdkRatio = medianRatio(sdk, absent);
    console.log(
      `  noise floor: a second process without the API measures ${medianRatio(twin, absent).toFixed(3)}x the first`,
    );
    report(
      `executor call with @opentelemetry/api but no SDK: ${apiRatio.toFixed(3)}x the call without the API installed (${formatNanos(median(api))} vs ${formatNanos(median(absent))} CPU a call)`,
      '<= 1.02x',
      apiRatio <= 1.02,
    );
    report(
      `executor call with an SDK (batching span processor, meter provider, context manager): ${sdkRatio.toFixed(3)}x the call without the API installed (${formatNanos(median(sdk))} CPU a call)`,
      '<= 1.15x',
      sdkRatio <= 1.15,
    );
  } finally {
    for (const worker of workers) worker.send({ stop: true } satisfies WorkerRequest);
  }
}
