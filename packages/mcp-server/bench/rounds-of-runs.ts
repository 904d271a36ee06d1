// Runs compared in rounds: every round makes each run once under the same load, the order
// reversed every other round so that none always gets the quieter moment, and a figure is the
// median over rounds of a ratio within its round (a slow stretch of a shared machine moves every
// run of a round and cancels out of their ratios).
import { formatDifference, formatNanos, median, medianRatio } from '@toolwright/test-support/bench';
import {
  closeClients,
  connectClients,
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
  /** Connects one client of it; each is connected once, before the run's first round. */
  connect(index: number): Promise<LoadClient>;
  /** What happens to it when half of its calls have started. */
  atHalf?(): void;
  /** Untimed, after each round of it, failed or not (a killed replica restarted, say). */
  cleanup?(): Promise<void>;
}

/** What one run gave in each round. */
export interface RunFigures {
  readonly name: string;
  readonly rounds: readonly LoadResult[];
  /** Every refused session opening of its clients ({@link LoadClient.refusedOpenings}). */
  readonly refusedOpenings: readonly string[];
}

/** Runs every plan once a round, for `rounds` rounds; closes every client on the way out. */
export async function runRounds(
  plans: readonly RunPlan[],
  load: Load,
  rounds: number,
): Promise<RunFigures[]> {
  const results = plans.map(() => [] as LoadResult[]);
  const clients: Array<LoadClient[] | undefined> = plans.map(() => undefined);
  try {
    for (let round = 0; round < rounds; round += 1) {
      const order = [...plans.keys()];
      for (const position of round % 2 === 0 ? order : order.toReversed()) {
        const plan = plans[position] as RunPlan;
        clients[position] ??= await connectClients((index) => plan.connect(index), load);
        try {
          results[position]?.push(await runLoad(clients[position], load.calls, () => plan.atHalf?.()));
        } finally {
          await plan.cleanup?.();
        }
      }
    }
  } finally {
    await Promise.all(clients.map((connected) => closeClients(connected ?? [])));
  }
  return plans.map((plan, position) => ({
    name: plan.name,
    rounds: results[position] ?? [],
    refusedOpenings: (clients[position] ?? []).flatMap((client) => client.refusedOpenings ?? []),
  }));
}

function failedLine(figures: RunFigures): string {
  const made = figures.rounds.reduce((sum, result) => sum + result.failedCalls + result.latencies.length, 0);
  const reasons = new Map<string, number>();
  for (const result of figures.rounds)
    for (const [reason, count] of result.failures) reasons.set(reason, (reasons.get(reason) ?? 0) + count);
  const failed = [...reasons.values()].reduce((sum, count) => sum + count, 0);
  const refused = figures.refusedOpenings;
  return (
    `${failed} of ${made} calls failed` +
    [...reasons].map(([reason, count]) => `\n      ${count}x ${reason}`).join('') +
    (refused.length === 0
      ? ''
      : `\n    ${refused.length} session openings refused, then opened again: ${refused[0]}`)
  );
}

/**
 * Prints the first run as the reference (its figures, for scale), then each other run's
 * throughput as a ratio of the reference's, and its p50 and p99 as ratios of the reference's p50
 * (the p50's difference too: what the run adds to a call). `label` names the reference.
 */
export function reportRuns(title: string, label: string, runs: readonly RunFigures[]): void {
  const [reference, ...others] = runs;
  if (reference === undefined) return;
  const throughputs = (figures: RunFigures) => figures.rounds.map(throughput);
  const p50s = (figures: RunFigures) => figures.rounds.map((result) => latencyPercentiles(result).p50);
  const p99s = (figures: RunFigures) => figures.rounds.map((result) => latencyPercentiles(result).p99);
  const referenceP50s = p50s(reference);
  const added = (figures: RunFigures) =>
    p50s(figures).map((p50, round) => p50 - (referenceP50s[round] ?? Number.NaN));
  console.log(`\n${title}`);
  console.log(
    `  ${reference.name}: 1x (${median(throughputs(reference)).toFixed(0)} calls/s), ` +
      `p50 1x (${formatNanos(median(referenceP50s))}), p99 ${medianRatio(p99s(reference), referenceP50s).toFixed(2)}x its p50 ` +
      `(${formatNanos(median(p99s(reference)))}); ${failedLine(reference)}`,
  );
  for (const run of others) {
    console.log(
      `  ${run.name}: throughput ${medianRatio(throughputs(run), throughputs(reference)).toFixed(2)}x ${label}'s, ` +
        `p50 ${medianRatio(p50s(run), referenceP50s).toFixed(2)}x (${formatDifference(median(added(run)))}) ` +
        `and p99 ${medianRatio(p99s(run), referenceP50s).toFixed(2)}x ${label}'s p50 ` +
        `(${median(throughputs(run)).toFixed(0)} calls/s, p50 ${formatNanos(median(p50s(run)))}, p99 ${formatNanos(median(p99s(run)))}); ` +
        failedLine(run),
    );
  }
}
