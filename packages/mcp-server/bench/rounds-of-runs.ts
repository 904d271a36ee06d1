// Runs compared in rounds: every round makes each run once under the same load, the order
// reversed every other round so that none always gets the quieter moment, and a figure is the
// median over rounds of a ratio within its round (a slow stretch of a shared machine moves every
// run of a round and cancels out of their ratios).
import { formatNanos, median, medianRatio } from '@toolwright/test-support/bench';
import {
  type Load,
  type LoadClient,
  type LoadResult,
  latencyPercentiles,
  runLoad,
  throughput,
} from './client-load.js';

/** One of the runs compared. */
export interface RunPlan {
  readonly name: string;
  /** Untimed, before each run of it (a fresh fleet to be damaged, say). */
  prepare?(): Promise<void>;
  connect(index: number): Promise<LoadClient>;
  /** What happens to it when half of its calls have started. */
  atHalf?(): void;
  /** Untimed, after each run of it, failed or not. */
  cleanup?(): Promise<void>;
}

/** What one run gave in each round. */
export interface RunFigures {
  readonly name: string;
  readonly rounds: readonly LoadResult[];
}

/** Runs every plan once a round, for `rounds` rounds. */
export async function runRounds(
  plans: readonly RunPlan[],
  load: Omit<Load, 'atHalf'>,
  rounds: number,
): Promise<RunFigures[]> {
  const results = plans.map(() => [] as LoadResult[]);
  for (let round = 0; round < rounds; round += 1) {
    const order = [...plans.keys()];
    for (const position of round % 2 === 0 ? order : order.toReversed()) {
      const plan = plans[position] as RunPlan;
      await plan.prepare?.();
      try {
        const atHalf = plan.atHalf?.bind(plan);
        results[position]?.push(await runLoad(plan.connect, { ...load, ...(atHalf ? { atHalf } : {}) }));
      } finally {
        await plan.cleanup?.();
      }
    }
  }
  return plans.map((plan, position) => ({ name: plan.name, rounds: results[position] ?? [] }));
}

function failedLine(figures: RunFigures): string {
  const failed = figures.rounds.reduce((sum, result) => sum + result.failedCalls, 0);
  const made = figures.rounds.reduce((sum, result) => sum + result.failedCalls + result.latencies.length, 0);
  const first = figures.rounds.flatMap((result) => result.failures)[0];
  const refused = figures.rounds.flatMap((result) => result.refusedOpenings);
  return (
    `${failed} of ${made} calls failed${first === undefined ? '' : ` (first: ${first})`}` +
    (refused.length === 0 ? '' : `; ${refused.length} session openings refused (first: ${refused[0]})`)
  );
}

/**
 * Prints the first run as the reference (its figures, for scale), then each other run's
 * throughput as a ratio of the reference's, and its p50 and p99 as ratios of the reference's p50.
 */
export function reportRuns(title: string, runs: readonly RunFigures[]): void {
  const [reference, ...others] = runs;
  if (reference === undefined) return;
  const throughputs = (figures: RunFigures) => figures.rounds.map(throughput);
  const p50s = (figures: RunFigures) => figures.rounds.map((result) => latencyPercentiles(result).p50);
  const p99s = (figures: RunFigures) => figures.rounds.map((result) => latencyPercentiles(result).p99);
  const referenceP50s = p50s(reference);
  console.log(`\n${title}`);
  console.log(
    `  ${reference.name}: 1x (${median(throughputs(reference)).toFixed(0)} calls/s), ` +
      `p50 1x (${formatNanos(median(referenceP50s))}), p99 ${medianRatio(p99s(reference), referenceP50s).toFixed(2)}x its p50 ` +
      `(${formatNanos(median(p99s(reference)))}); ${failedLine(reference)}`,
  );
  for (const run of others) {
    console.log(
      `  ${run.name}: throughput ${medianRatio(throughputs(run), throughputs(reference)).toFixed(2)}x (a)'s, ` +
        `p50 ${medianRatio(p50s(run), referenceP50s).toFixed(2)}x and p99 ${medianRatio(p99s(run), referenceP50s).toFixed(2)}x (a)'s p50 ` +
        `(${median(throughputs(run)).toFixed(0)} calls/s, p50 ${formatNanos(median(p50s(run)))}, p99 ${formatNanos(median(p99s(run)))}); ` +
        failedLine(run),
    );
  }
}
