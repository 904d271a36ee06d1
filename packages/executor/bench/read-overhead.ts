import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Clock,
  cpuNanos,
  formatDifference,
  formatNanos,
  pairedAsync,
  report,
  wallNanos,
} from '@toolwright/test-support/bench';
import { createBenchReadExecutor, SMALL_READ } from './read-tool.js';

/**
 * The whole executor path for one small Read (lookup, deferred check, build, permission on the
 * real path with sensitive-path and deny rules, timeout, result finalisation, events) against
 * building and executing the same Read directly. Timed on two clocks, each with its verdict:
 * wall time (what a user waits) and CPU time of the process, its I/O threads included (what
 * the work costs: on a shared, loaded host wall time mostly measures the scheduler, which is
 * why the telemetry bench judges on CPU time alone). The load average is printed beside them.
 */
export async function readOverhead(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'executor-bench-'));
  try {
    const { executor, read } = createBenchReadExecutor(root);
    const context = { signal: new AbortController().signal, sessionId: 'bench', workspaceRoot: root };
    const clocks: Array<[string, Clock]> = [
      ['wall time', wallNanos],
      ['CPU time', cpuNanos],
    ];
    console.log(`  load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores`);
    for (const [name, clock] of clocks) {
      const result = await pairedAsync(
        () => executor.executeBatch([SMALL_READ]),
        () => read.build({ file_path: 'small.txt' }).execute(context),
        { iterations: 300, clock },
      );
      report(
        `executor path for one small Read, ${name}: ${result.ratio.toFixed(2)}x direct build + execute (${formatNanos(result.subject)} vs ${formatNanos(result.baseline)}, ${formatDifference(result.subject - result.baseline)} a call)`,
        '<= 1.3x',
        result.ratio <= 1.3,
      );
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
