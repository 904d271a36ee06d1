// Benchmark: how long `toolwright-agent --version` and `--help` take, the built bin spawned as a
// user runs it, one process a sample, against bare `node -e 0` spawned in the same rounds (the
// floor: no CLI can start faster than Node itself). The target is absolute, 0.15 s of
// wall time; on a loaded machine the floor moves too, so the ratio to it is printed beside.
// Run alone with
//   node --import tsx apps/example-agent/bench/cli-startup.ts
// after building the app (`npx turbo run build --filter=@toolwright/example-agent...`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatMillis, median, medianRatio, report } from '@toolwright/test-support/bench';

const CLI = join(import.meta.dirname, '..', 'dist', 'cli.js');
/** The budget for a command that only prints, in ms of wall time. */
const TARGET_MS = 150;
const ROUNDS = 21;

/** Wall time of one process, from spawn to exit, in ms. */
function spawnMillis(args: readonly string[]): number {
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const elapsed = performance.now() - started;
  if (child.status !== 0) throw new Error(`node ${args.join(' ')} exited ${child.status}: ${child.stderr}`);
  return elapsed;
}

/** Prints the start-up time of `--version` and `--help` against bare Node. */
export function cliStartUp(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: build the app first (npx turbo run build).`);
  const runs = [
    { name: 'node -e 0', args: ['-e', '0'] },
    { name: 'toolwright-agent --version', args: [CLI, '--version'] },
    { name: 'toolwright-agent --help', args: [CLI, '--help'] },
  ];
  const samples = runs.map(() => [] as number[]);
  // One unrecorded round (disk cache), then the order flips every other round.
  for (let round = -1; round < ROUNDS; round += 1) {
    const order = [...runs.keys()];
    for (const index of round % 2 === 0 ? order : order.toReversed()) {
      const elapsed = spawnMillis(runs[index]!.args);
      if (round >= 0) samples[index]!.push(elapsed);
    }
  }
  const floor = samples[0]!;
  for (const index of [1, 2]) {
    const elapsed = median(samples[index]!);
    report(
      `${runs[index]!.name}: ${formatMillis(elapsed)} wall, median of ${ROUNDS} processes; ${medianRatio(samples[index]!, floor).toFixed(2)}x bare node -e 0 (${formatMillis(median(floor))}) in the same rounds`,
      `<= ${TARGET_MS} ms`,
      elapsed <= TARGET_MS,
    );
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cliStartUp();
}
