// The same client load for every run: concurrent clients, each making its calls one after the
// other, every call timed on its own; connecting and a warm-up are left out of the timing.
import { percentile, wallNanos } from '@toolwright/test-support/bench';

/** One connected client of a run: what it calls, and how it lets go. */
export interface LoadClient {
  call(): Promise<unknown>;
  close(): Promise<void>;
  /** Why the server refused its session before it opened one (a 2025 client opens another). */
  readonly refusedOpenings?: readonly string[];
}

/** How much load, and what happens at its half. */
export interface Load {
  readonly clients: number;
  /** Timed calls per client. */
  readonly calls: number;
  /** Untimed calls per client first, so that every process on the path is warm. */
  readonly warmupCalls: number;
  /** Runs once, when half of all timed calls have started (the fleet loses a replica there). */
  readonly atHalf?: () => void;
}

/** What the clients saw. */
export interface LoadResult {
  /** Nanoseconds of each call that returned. */
  readonly latencies: readonly number[];
  /** The first few calls that failed, with their errors; `failedCalls` counts them all. */
  readonly failures: readonly string[];
  readonly failedCalls: number;
  /** Every refused session opening of the clients ({@link LoadClient.refusedOpenings}). */
  readonly refusedOpenings: readonly string[];
  /** Nanoseconds from the first timed call's start to the last one's end. */
  readonly elapsed: number;
}

/** Connects `load.clients` clients with `connect`, runs the load, closes them. */
export async function runLoad(
  connect: (index: number) => Promise<LoadClient>,
  load: Load,
): Promise<LoadResult> {
  const clients = await Promise.all(Array.from({ length: load.clients }, (_, index) => connect(index)));
  try {
    await Promise.all(
      clients.map(async (client) => {
        for (let call = 0; call < load.warmupCalls; call += 1) await client.call();
      }),
    );
    const latencies: number[] = [];
    const failures: string[] = [];
    let failedCalls = 0;
    let started = 0;
    const half = (load.clients * load.calls) / 2;
    const begun = wallNanos();
    await Promise.all(
      clients.map(async (client, index) => {
        for (let call = 0; call < load.calls; call += 1) {
          started += 1;
          if (started === Math.ceil(half)) load.atHalf?.();
          const callStarted = wallNanos();
          try {
            await client.call();
            latencies.push(wallNanos() - callStarted);
          } catch (error) {
            failedCalls += 1;
            if (failures.length < 3)
              failures.push(`client ${index} call ${call}: ${(error as Error).message}`);
          }
        }
      }),
    );
    const elapsed = wallNanos() - begun;
    const refusedOpenings = clients.flatMap((client) => client.refusedOpenings ?? []);
    return { latencies, failures, failedCalls, refusedOpenings, elapsed };
  } finally {
    // A client whose server was killed may fail to close; the run is over either way.
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  }
}

/** Calls that returned per second. */
export function throughput(result: LoadResult): number {
  return result.latencies.length / (result.elapsed / 1e9);
}

/** The p50 and p99 latency of the calls that returned, in nanoseconds. */
export function latencyPercentiles(result: LoadResult): { p50: number; p99: number } {
  return { p50: percentile(result.latencies, 0.5), p99: percentile(result.latencies, 0.99) };
}
