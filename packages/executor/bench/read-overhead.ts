import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDifference, formatNanos, pairedAsync, report } from '@toolwright/test-support/bench';
import { createBenchReadExecutor, SMALL_READ } from './read-tool.js';

/**
 * The whole executor path for one small Read (lookup, deferred check, build, permission on the
 * real path with sensitive-path and deny rules, timeout, result finalisation, events) against
 * building and executing the same Read directly.
 */
export async function readOverhead(): Promise<void> {
  const root = mkdtempSync(join(tmpdir(), 'executor-bench-'));
  try {
    const { executor, read } = createBenchReadExecutor(root);
    const context = { signal: new AbortController().signal, sessionId: 'bench', workspaceRoot: root };
    const result = await pairedAsync(
      () => executor.executeBatch([SMALL_READ]),
      () => read.build({ file_path: 'small.txt' }).execute(context),
      { iterations: 300 },
    );
    report(
      `executor path for one small Read: ${result.ratio.toFixed(2)}x direct build + execute (${formatNanos(result.subject)} vs ${formatNanos(result.baseline)}, ${formatDifference(result.subject - result.baseline)} a call)`,
      '<= 1.3x',
      result.ratio <= 1.3,
    );
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
