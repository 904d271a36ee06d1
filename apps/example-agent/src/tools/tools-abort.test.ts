import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolResult } from '@toolwright/contracts';
import { createPolicyPathAccess, PermissionPolicy } from '@toolwright/executor';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { createGlobTool } from './glob-tool.js';
import { createGrepTool } from './grep-tool.js';
import { createReadTool } from './read-tool.js';

/** The promise: after an abort, the process is idle within this long (on a quiet machine). */
const IDLE_WITHIN_MS = 100;
/**
 * On a busy machine the scheduler alone holds an idle Node process now and then; each trial
 * first measures that (the longest pause of an idle event loop over 300 ms) and allows three
 * times it, never less than IDLE_WITHIN_MS. The blocking these tests catch (a regex call, a split
 * of twenty million lines) grows with the load too and stays several times longer than an idle
 * pause. Each trial runs up to three times.
 */
const TRIAL = { retry: 2 } as const;

/** What happened around one abort. */
interface AbortTrial {
  /** How the tool's promise ended: an abort must neither be ignored nor let it complete. */
  readonly outcome: 'rejected' | 'aborted-result' | 'completed';
  /** How late the abort's timer fired: the main thread was blocked this long before the abort. */
  readonly timerLateMs: number;
  /** The longest pause of the idle event loop just before the trial: the machine's own noise. */
  readonly idleStallMs: number;
  /** From the abort to the tool's promise settling. */
  readonly settleMs: number;
  /** The longest the event loop went without a tick from the abort to 300 ms after it. */
  readonly longestStallMs: number;
  /**
   * CPU time of the whole process (every thread, so a worker still matching counts) per
   * wall-clock time, from 100 ms to 300 ms after the abort: about 0 when idle, 1 per busy core.
   */
  readonly cpuShareAfter: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The longest gap between the ticks of a 2 ms ticker over `ms` of an otherwise idle process. */
async function longestIdleStall(ms: number): Promise<number> {
  const ticks: number[] = [performance.now()];
  const ticker = setInterval(() => ticks.push(performance.now()), 2);
  await sleep(ms);
  clearInterval(ticker);
  ticks.push(performance.now());
  return Math.max(...ticks.slice(1).map((tick, index) => tick - ticks[index]!));
}

/**
 * Starts `run`, aborts its signal after `abortAfterMs`, and measures how quickly everything
 * stops: a 2 ms ticker records event-loop stalls, `process.cpuUsage` the CPU of all threads.
 */
async function abortDuring(
  run: (signal: AbortSignal) => Promise<ToolResult>,
  abortAfterMs: number,
): Promise<AbortTrial> {
  const idleStallMs = await longestIdleStall(300);
  const ticks: number[] = [];
  const ticker = setInterval(() => ticks.push(performance.now()), 2);
  try {
    const controller = new AbortController();
    let settledAt = Number.NaN;
    let outcome: AbortTrial['outcome'] = 'completed';
    const startedAt = performance.now();
    const settled = run(controller.signal).then(
      (result) => {
        settledAt = performance.now();
        outcome = result.error?.type === 'aborted' ? 'aborted-result' : 'completed';
      },
      () => {
        settledAt = performance.now();
        outcome = 'rejected';
      },
    );
    const abortedAt = await new Promise<number>((resolve) =>
      setTimeout(() => {
        const now = performance.now();
        controller.abort();
        resolve(now);
      }, abortAfterMs),
    );
    await Promise.race([settled, sleep(5000)]);
    await sleep(Math.max(0, abortedAt + IDLE_WITHIN_MS - performance.now()));
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    await sleep(200);
    const cpu = process.cpuUsage(cpuBefore);
    const wall = performance.now() - wallBefore;
    const after = ticks.filter((tick) => tick >= abortedAt && tick <= abortedAt + 300);
    const stalls = [after[0]! - abortedAt, ...after.slice(1).map((tick, index) => tick - after[index]!)];
    return {
      outcome,
      idleStallMs,
      timerLateMs: abortedAt - startedAt - abortAfterMs,
      settleMs: settledAt - abortedAt,
      longestStallMs: Math.max(...stalls),
      cpuShareAfter: (cpu.user + cpu.system) / 1000 / wall,
    };
  } finally {
    clearInterval(ticker);
  }
}

/**
 * The tool was still working when the abort came, its promise settled within the promised time,
 * the event loop was never held that long (neither before the abort nor after), and from then on
 * the process used next to no CPU (a worker left matching would use a whole core).
 */
function expectStoppedPromptly(trial: AbortTrial): void {
  const shown = JSON.stringify(trial);
  const within = Math.max(IDLE_WITHIN_MS, 3 * trial.idleStallMs);
  expect(trial.outcome, shown).not.toBe('completed');
  expect(trial.settleMs, shown).toBeLessThan(within);
  expect(trial.timerLateMs, shown).toBeLessThan(within);
  expect(trial.longestStallMs, shown).toBeLessThan(within);
  expect(trial.cpuShareAfter, shown).toBeLessThan(0.25);
}

let directory: { path: string; remove(): void };
let policy: PermissionPolicy;

beforeAll(() => {
  directory = makeTemporaryDirectory('tools-abort');
  policy = new PermissionPolicy({ workspaceRoot: directory.path, deny: ['Read(secrets/**)'] });
});
afterAll(() => directory.remove());

function context(signal: AbortSignal, toolName: string, root = directory.path) {
  return {
    signal,
    sessionId: 's',
    workspaceRoot: root,
    pathAccess: createPolicyPathAccess(policy, toolName),
  };
}

describe('Grep stops when told to, even inside one call into the regex engine', () => {
  beforeAll(() => {
    // One RE2 test of such a line against the pattern below takes about half a second.
    const longLines = `${'x'.repeat(4000)}\n`.repeat(8);
    for (let index = 0; index < 4; index += 1) {
      writeFileSync(join(directory.path, `long-lines-${index}.txt`), longLines);
    }
  });

  // Matching on the main thread would hold the abort's own timer back by half a second.
  it(
    'a hostile pattern on long lines: the event loop never blocks and the worker is gone at once',
    TRIAL,
    async () => {
      const grep = createGrepTool(directory.path);
      const trial = await abortDuring(
        (signal) => grep.build({ pattern: '.{1000}'.repeat(10) }).execute(context(signal, 'Grep')),
        200,
      );
      expectStoppedPromptly(trial);
    },
  );

  it('a pattern whose compilation alone takes a quarter of a second', TRIAL, async () => {
    const grep = createGrepTool(directory.path);
    const pattern = '.{1000}'.repeat(142);
    const trial = await abortDuring((signal) => grep.build({ pattern }).execute(context(signal, 'Grep')), 80);
    expectStoppedPromptly(trial);
  });

  it('still finds matches with such a pattern when given the time', async () => {
    const grep = createGrepTool(directory.path);
    const result = await grep
      .build({ pattern: '.{1000}'.repeat(2), glob: 'long-lines-0.txt', output_mode: 'count' })
      .execute(context(new AbortController().signal, 'Grep'));
    expect(result.llmContent).toBe('long-lines-0.txt:8');
  });
});

describe('Glob stops when told to, over a large tree', () => {
  let tree: string;
  beforeAll(() => {
    tree = join(directory.path, 'tree');
    for (let outer = 0; outer < 100; outer += 1) {
      const folder = join(tree, `folder-${outer}`);
      mkdirSync(folder, { recursive: true });
      for (let inner = 0; inner < 200; inner += 1) writeFileSync(join(folder, `file-${inner}.ts`), '');
    }
  }, 60_000);

  it('20,000 files, each checked with the permission policy', TRIAL, async () => {
    const glob = createGlobTool(tree);
    const trial = await abortDuring(
      (signal) => glob.build({ pattern: '**/*.ts' }).execute(context(signal, 'Glob', tree)),
      60,
    );
    expectStoppedPromptly(trial);
  });
});

describe('Read stops when told to, on a large file', () => {
  // The whole read takes a few tens of milliseconds on a quiet machine: the abort comes early.
  it('20 MiB of empty lines (twenty million lines to count)', TRIAL, async () => {
    writeFileSync(join(directory.path, 'many-lines.txt'), '\n'.repeat(20 * 1024 * 1024 - 1));
    const read = createReadTool(directory.path);
    const trial = await abortDuring(
      (signal) => read.build({ file_path: 'many-lines.txt' }).execute(context(signal, 'Read')),
      5,
    );
    expectStoppedPromptly(trial);
  });
});

describe('no read waits for a writer that never comes', () => {
  it.skipIf(process.platform === 'win32')(
    'Grep skips a FIFO behind a link and Read refuses one',
    async () => {
      const folder = join(directory.path, 'fifo');
      mkdirSync(folder);
      execFileSync('mkfifo', [join(folder, 'pipe')]);
      symlinkSync(join(folder, 'pipe'), join(folder, 'pipe-link'));
      writeFileSync(join(folder, 'plain.txt'), 'findme\n');
      const signal = new AbortController().signal;
      const grep = await createGrepTool(folder)
        .build({ pattern: 'findme' })
        .execute(context(signal, 'Grep', folder));
      expect(grep.llmContent).toBe('plain.txt');
      const read = await createReadTool(folder)
        .build({ file_path: 'pipe' })
        .execute(context(signal, 'Read', folder));
      expect(read.error?.type).toBe('execution');
      expect(read.llmContent).toContain('not a regular file');
    },
  );
});
