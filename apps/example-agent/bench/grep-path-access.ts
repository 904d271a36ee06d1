// Benchmark: what the per-file permission check costs Grep. The same Grep over the same 10,000
// files, with a `pathAccess` from a PermissionPolicy (a few deny rules, none matching these files,
// so both sides read and match exactly the same bytes) and without one; alternating rounds, the
// median of the per-round ratios. Part of `pnpm bench` (bench/index.ts); run alone with
//   node --import tsx apps/example-agent/bench/grep-path-access.ts
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createPolicyPathAccess, PermissionPolicy, resolveRealPath } from '@toolwright/executor';
import { formatNanos, pairedAsync, targetLine } from '@toolwright/test-support/bench';
import { createGrepTool } from '../src/tools/grep-tool.js';

const FOLDERS = 100;
const FILES_PER_FOLDER = 100;
const FILE_COUNT = FOLDERS * FILES_PER_FOLDER;
const TARGET_RATIO = 1.2;
const ROUNDS = 9;

/** A small source file: the typical thing a Grep reads. */
function sourceFile(index: number): string {
  const lines = [`// file ${index}`, `export const value${index} = ${index};`];
  for (let line = 0; line < 30; line += 1)
    lines.push(`export function helper${line}(x: number) { return x + ${line}; }`);
  if (index % 100 === 0) lines.push('// TODO: one match in a hundred files');
  return `${lines.join('\n')}\n`;
}

/** Nanoseconds per call of `operation` over `paths`, the best of five passes (least disturbed). */
function bestNanosPerPath(paths: readonly string[], operation: (path: string) => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 5; pass += 1) {
    const start = process.hrtime.bigint();
    for (const path of paths) operation(path);
    best = Math.min(best, Number(process.hrtime.bigint() - start) / paths.length);
  }
  return best;
}

/**
 * Grep over 10,000 files with and without the per-file permission check; returns the report
 * lines: the ratio with its target and verdict, the absolute figures, and where the check's time
 * goes (the whole `canRead`, and the `resolveRealPath` inside it).
 */
export async function runGrepPathAccessBench(): Promise<string[]> {
  const root = mkdtempSync(join(tmpdir(), 'grep-path-access-bench-'));
  try {
    const workspace = join(root, 'workspace');
    for (let folder = 0; folder < FOLDERS; folder += 1) {
      const directory = join(workspace, 'src', `module-${folder}`);
      mkdirSync(directory, { recursive: true });
      for (let file = 0; file < FILES_PER_FOLDER; file += 1) {
        const index = folder * FILES_PER_FOLDER + file;
        writeFileSync(join(directory, `file-${index}.ts`), sourceFile(index));
      }
    }
    const policy = new PermissionPolicy({
      workspaceRoot: workspace,
      deny: ['Read(secrets/**)', 'Read(**/*.pem)', 'Grep(build/**)'],
    });
    const grep = createGrepTool(workspace);
    const signal = new AbortController().signal;
    const search = async (withCheck: boolean): Promise<void> => {
      const result = await grep.build({ pattern: 'TODO', output_mode: 'count' }).execute({
        signal,
        sessionId: 'bench',
        workspaceRoot: workspace,
        ...(withCheck ? { pathAccess: createPolicyPathAccess(policy, 'Grep') } : {}),
      });
      // Both sides must have done the whole search: every file read, none skipped.
      if (result.metadata?.matches !== FILE_COUNT / 100 || result.metadata?.skipped !== 0) {
        throw new Error(`bench Grep went wrong: ${JSON.stringify(result.metadata)}`);
      }
    };
    const result = await pairedAsync(
      () => search(true),
      () => search(false),
      { iterations: 1, rounds: ROUNDS },
    );
    const perFile = (result.subject - result.baseline) / FILE_COUNT;
    const paths: string[] = [];
    for (let index = 0; index < FILE_COUNT; index += 1) {
      const folder = Math.floor(index / FILES_PER_FOLDER);
      paths.push(join(workspace, 'src', `module-${folder}`, `file-${index}.ts`));
    }
    const check = bestNanosPerPath(paths, (path) => createPolicyPathAccess(policy, 'Grep').canRead(path));
    const realPath = bestNanosPerPath(paths, resolveRealPath);
    // What Grep pays: its walk knows each file's real path, so the check makes no system call.
    const walked = bestNanosPerPath(paths, (path) =>
      createPolicyPathAccess(policy, 'Grep').canRead(path, path),
    );
    return [
      targetLine(
        `Grep over 10,000 files with per-file permission check: ${result.ratio.toFixed(2)}x the same Grep without it`,
        `<= ${TARGET_RATIO}x`,
        result.ratio <= TARGET_RATIO,
      ),
      `  median ${formatNanos(result.subject)} vs ${formatNanos(result.baseline)} a search, ${formatNanos(perFile)} a file for the check (${ROUNDS} alternating rounds)`,
      `  the check alone: ${formatNanos(walked)} a file with the real path the walk knows (what Grep pays); ${formatNanos(check)} for a path it must resolve, ${formatNanos(realPath)} (${((realPath / check) * 100).toFixed(0)}%) of that in resolveRealPath (realpath(3), one readlink per path component)`,
    ];
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runGrepPathAccessBench()) console.log(line);
}
