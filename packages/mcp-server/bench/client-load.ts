// The same client load for every run: concurrent clients, each making its calls one after the
// other, every call timed on its own. Connecting and a warm-up are left out of the timing, and a
// run's clients are connected once and reused in every round of it.
import { percentile, wallNanos } from '@toolwright/test-support/bench';

/** One connected client of a run: what it calls, and how it lets go. */
export interface LoadClient {
  call(): Promise<unknown>;
  close(): Promise<void>;
  /** Why the server refused its session before it opened one (a 2025 client opens another). */
  readonly refusedOpenings?: readonly string[];
}

/** How much load. */
export interface Load {
  readonly clients: number;
  /** Timed calls per client in each round. */
  readonly calls: number;
  /** Untimed calls per client once connected, so that every process on the path is warm. */
  readonly warmupCalls: number;
}

/** What the clients saw in one round. */
export interface LoadResult {
  /** Nanoseconds of each call that returned. */
  readonly latencies: readonly number[];
  /** How many calls failed, by what they failed with (the first line of the error). */
  readonly failures: ReadonlyMap<string, number>;
  readonly failedCalls: number;
  /** Nanoseconds from the first timed call's start to the last one's end. */
  readonly elapsed: number;
}

/** Closes every client; one whose server was killed may fail to, and is let go all the same. */
export async function closeClients(clients: readonly LoadClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
}

/** Connects `load.clients` clients with `connect` and warms them up; closes them all if one fails. */
export async function connectClients(
  connect: (index: number) => Promise<LoadClient>,
  load: Load,
): Promise<LoadClient[]> {
  const connecting = await Promise.allSettled(
    Array.from({ length: load.clients }, (_, index) => connect(index)),
  );
  const clients = connecting.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  try {
    const failed = connecting.find((outcome) => outcome.status === 'rejected');
    if (failed !== undefined) throw failed.reason;
    await Promise.all(
      clients.map(async (client) => {
        for (let call = 0; call < load.warmupCalls; call += 1) await client.call();
      }),
    );
    return clients;
  } catch (error) {
    await closeClients(clients);
    throw error;
  }
}

/**
 * Every client makes `calls` calls, all clients at once; `atHalf` runs when half of all calls
 * have started (the fleet loses a replica there).
 */
export async function runLoad(
  clients: readonly LoadClient[],
  calls: number,
  atHalf?: () => void,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  let failedCalls = 0;
  let started = 0;
  const half = Math.ceil((clients.length * calls) / 2);
  const begun = wallNanos();
  await Promise.all(
    clients.map(async (client) => {
      for (let call = 0; call < calls; call += 1) {
        started += 1;
        if (started === half) atHalf?.();
        const callStarted = wallNanos();
        try {
          await client.call();
          latencies.push(wallNanos() - callStarted);
        } catch (error) {
          failedCalls += 1;
          const reason = ((error as Error).message.split('\n')[0] ?? '').slice(0, 120);
          failures.set(reason, (failures.get(reason) ?? 0) + 1);
        }
      }
    }),
  );
  return { latencies, failures, failedCalls, elapsed: wallNanos() - begun };
}

/** Calls that returned per second. */
export function throughput(result: LoadResult): number {
  return result.latencies.length / (result.elapsed / 1e9);
}

/** The p50 and p99 latency of the calls that returned, in nanoseconds. */
export function latencyPercentiles(result: LoadResult): { p50: number; p99: number } {
  return { p50: percentile(result.latencies, 0.5), p99: percentile(result.latencies, 0.99) };
}
