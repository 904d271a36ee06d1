import { type ChildProcess, spawn } from 'node:child_process';
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionFixture, type SessionFixture, toolCall } from '../test-support/executor-fixture.js';

/**
 * A racer in its own process, flipping a path in the workspace between a place inside it and one
 * outside, as fast as it can, until killed. `link` mode swaps a symlink's target by renaming a
 * fresh symlink over it (atomic, as `ln -sfn` is meant to be); `directory` mode swaps a real
 * directory for a symlink to the outside and back, by two renames each way. It writes `ready`
 * once the first flip is done, so every call below runs while it flips. It stops by itself once
 * its parent is gone (it was re-parented), so a test run that dies leaves no racer spinning.
 */
const RACER = `
const { renameSync, symlinkSync, rmSync } = require('node:fs');
const [mode, path, inside, outside] = process.argv.slice(1);
const parent = process.ppid;
let first = true;
let flips = 0;
const flipped = () => {
  if (first) { first = false; process.stdout.write('ready\\n'); }
  if (++flips % 256 === 0 && process.ppid !== parent) process.exit(0);
};
if (mode === 'link') {
  const temporary = path + '.flip';
  for (let round = 0; ; round += 1) {
    rmSync(temporary, { force: true });
    symlinkSync(round % 2 === 0 ? outside : inside, temporary);
    renameSync(temporary, path);
    flipped();
  }
} else {
  // path is a real directory; path + '.real' holds it while path + '.link' (-> outside) is in place.
  for (;;) {
    renameSync(path, path + '.real');
    renameSync(path + '.link', path);
    renameSync(path, path + '.link');
    renameSync(path + '.real', path);
    flipped();
  }
}
`;

const racers: ChildProcess[] = [];
const fixtures: SessionFixture[] = [];
afterEach(() => {
  for (const racer of racers.splice(0)) racer.kill('SIGKILL');
  for (const fixture of fixtures.splice(0)) fixture.remove();
});

/** Starts the racer and resolves once it has flipped at least once. */
function startRacer(
  mode: 'link' | 'directory',
  path: string,
  inside: string,
  outside: string,
): Promise<void> {
  const racer = spawn(process.execPath, ['-e', RACER, mode, path, inside, outside], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  racers.push(racer);
  return new Promise((resolve, reject) => {
    racer.stdout?.once('data', () => resolve());
    racer.once('exit', (code) => reject(new Error(`the racer exited early (code ${code})`)));
  });
}

const SECRET = 'OUTSIDE SECRET: the racer must never get this out';

/**
 * A session whose workspace holds `inside/` and a racer-owned `link`, next to an `outside/`
 * directory (outside the workspace) whose files have the same names and secret content.
 */
function racedWorkspace(options: Parameters<typeof createSessionFixture>[0] = {}): {
  setup: SessionFixture;
  inside: string;
  outside: string;
  snapshot(): Map<string, string>;
} {
  const setup = createSessionFixture(options);
  fixtures.push(setup);
  const inside = join(setup.workspace, 'inside');
  const outside = join(setup.root, 'outside');
  for (const directory of [inside, outside]) {
    mkdirSync(join(directory, 'nested'), { recursive: true });
    const text = directory === outside ? SECRET : 'inside text';
    writeFileSync(join(directory, 'file.txt'), `${text}\n`);
    writeFileSync(join(directory, 'edit-me.txt'), 'marker\n');
    writeFileSync(join(directory, 'nested', 'deep.txt'), `needle ${text}\n`);
  }
  writeFileSync(join(outside, 'outside-only-secret.txt'), `needle ${SECRET}\n`);
  symlinkSync(inside, join(setup.workspace, 'link'));
  /** Every name under `outside/` with its inode and bytes: any write there changes it. */
  const snapshot = (): Map<string, string> =>
    new Map(
      readdirSync(outside, { recursive: true, encoding: 'utf8' }).map((name) => {
        const path = join(outside, name);
        const info = lstatSync(path);
        return [name, `${info.ino}:${info.isFile() ? readFileSync(path, 'utf8') : 'directory'}`];
      }),
    );
  return { setup, inside, outside, snapshot };
}

/** The names under `outside/` that appeared, vanished or changed between two snapshots. */
function changedNames(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/** Runs `count` calls made by `call(i)` in batches, and returns their results' content. */
async function runCalls(
  setup: SessionFixture,
  count: number,
  call: (index: number) => ReturnType<typeof toolCall>,
  batchSize = 50,
): Promise<Array<{ status: string; content: string }>> {
  const results: Array<{ status: string; content: string }> = [];
  for (let start = 0; start < count; start += batchSize) {
    const calls = Array.from({ length: Math.min(batchSize, count - start) }, (_, offset) =>
      call(start + offset),
    );
    const executed = await setup.session.executor.executeBatch(calls);
    results.push(...executed.map((result) => ({ status: result.status, content: result.content })));
  }
  return results;
}

/** How many calls ended each way (a refusal because the path changed counted apart), for the failure message. */
function tally(results: ReadonlyArray<{ status: string; content: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { status, content } of results) {
    const outcome = content.includes('changed while') ? `${status} (path changed)` : status;
    counts[outcome] = (counts[outcome] ?? 0) + 1;
  }
  return counts;
}

describe('the built-in tools against a racer flipping a workspace symlink', () => {
  it('Read never returns a file outside the workspace (2,000 reads)', async () => {
    const { setup, inside, outside } = racedWorkspace();
    await startRacer('link', join(setup.workspace, 'link'), inside, outside);
    const results = await runCalls(setup, 2000, () => toolCall('Read', { file_path: 'link/file.txt' }));
    const leaked = results.filter((result) => result.content.includes('OUTSIDE SECRET'));
    expect(leaked.length, `outcomes ${JSON.stringify(tally(results))}`).toBe(0);
  });

  it('Write and Edit never put a byte outside the workspace (1,000 calls)', async () => {
    const { setup, inside, outside, snapshot } = racedWorkspace();
    const before = snapshot();
    await startRacer('link', join(setup.workspace, 'link'), inside, outside);
    const writes = await runCalls(setup, 500, (index) =>
      toolCall('Write', { file_path: `link/written-${index}.txt`, content: `model bytes ${index}\n` }),
    );
    const edits = await runCalls(setup, 500, () =>
      toolCall('Edit', { file_path: 'link/edit-me.txt', old_string: 'marker', new_string: 'edited marker' }),
    );
    expect(
      changedNames(before, snapshot()),
      `writes ${JSON.stringify(tally(writes))}, edits ${JSON.stringify(tally(edits))}`,
    ).toEqual([]);
  });

  it('Grep and Glob pointed at the flipping link never show a line or a name from outside', async () => {
    const { setup, inside, outside } = racedWorkspace();
    await startRacer('link', join(setup.workspace, 'link'), inside, outside);
    const greps = await runCalls(
      setup,
      100,
      () => toolCall('Grep', { pattern: 'needle', path: 'link', output_mode: 'content' }),
      10,
    );
    const globs = await runCalls(setup, 100, () => toolCall('Glob', { pattern: '**/*', path: 'link' }), 10);
    const leaked = [...greps, ...globs].filter(
      (result) => result.content.includes('OUTSIDE SECRET') || result.content.includes('outside-only'),
    );
    expect(
      leaked.length,
      `greps ${JSON.stringify(tally(greps))}, globs ${JSON.stringify(tally(globs))}`,
    ).toBe(0);
  });

  it('Grep and Glob never descend into a directory swapped for a symlink mid-walk', async () => {
    const { setup, outside } = racedWorkspace();
    const swapped = join(setup.workspace, 'tree', 'sub');
    mkdirSync(join(swapped, 'nested'), { recursive: true });
    for (let index = 0; index < 20; index += 1)
      writeFileSync(join(swapped, `inside-${index}.txt`), 'needle inside\n');
    writeFileSync(join(swapped, 'nested', 'deep.txt'), 'needle inside\n');
    symlinkSync(outside, `${swapped}.link`);
    await startRacer('directory', swapped, '', '');
    const greps = await runCalls(
      setup,
      60,
      () => toolCall('Grep', { pattern: 'needle', path: 'tree', output_mode: 'content' }),
      10,
    );
    const globs = await runCalls(setup, 60, () => toolCall('Glob', { pattern: '**/*', path: 'tree' }), 10);
    const leaked = [...greps, ...globs].filter(
      (result) => result.content.includes('OUTSIDE SECRET') || result.content.includes('outside-only'),
    );
    expect(
      leaked.length,
      `greps ${JSON.stringify(tally(greps))}, globs ${JSON.stringify(tally(globs))}`,
    ).toBe(0);
  });
});

/**
 * The same swaps at one chosen moment: the user's approval runs after the policy judged the
 * call and before the tool opens anything, so a swap made there lands exactly in the gap.
 */
describe('a swap between the check and the open, made while the user approves', () => {
  /** A workspace whose every call of `tool` asks, and whose approval first runs `swap`. */
  function swappedWorkspace(
    tool: string,
    swap: (paths: { inside: string; outside: string; link: string }) => void,
  ) {
    let paths: { inside: string; outside: string; link: string } | undefined;
    const raced = racedWorkspace({
      permissions: { ask: [tool] },
      approve: async () => {
        swap(paths as { inside: string; outside: string; link: string });
        return true;
      },
    });
    paths = { inside: raced.inside, outside: raced.outside, link: join(raced.setup.workspace, 'link') };
    return { ...raced, ...paths };
  }
  /** Points `link` at `target` by renaming a fresh link over it. */
  const repoint = (link: string, target: string): void => {
    symlinkSync(target, `${link}.next`);
    renameSync(`${link}.next`, link);
  };
  /** Moves the real `inside` directory aside and puts a link to `outside` in its place. */
  const swapDirectory = ({ inside, outside }: { inside: string; outside: string }): void => {
    renameSync(inside, `${inside}.moved`);
    symlinkSync(outside, inside);
  };

  it('Read reads the file that was judged, not where the link leads now', async () => {
    const { setup } = swappedWorkspace('Read', ({ link, outside }) => repoint(link, outside));
    const [result] = await setup.session.executor.executeBatch([
      toolCall('Read', { file_path: 'link/file.txt' }),
    ]);
    expect(result?.status).toBe('success');
    expect(result?.content).toContain('inside text');
  });

  it('Read refuses, naming the path, when a directory on the judged path was swapped for a link', async () => {
    const { setup } = swappedWorkspace('Read', swapDirectory);
    const [result] = await setup.session.executor.executeBatch([
      toolCall('Read', { file_path: 'link/file.txt' }),
    ]);
    expect(result?.status).toBe('error');
    expect(result?.content).toContain('link/file.txt changed while it was being opened');
    expect(result?.content).not.toContain('OUTSIDE SECRET');
  });

  it('Write writes where it was judged, and nowhere when the judged directory was swapped', async () => {
    const repointed = swappedWorkspace('Write', ({ link, outside }) => repoint(link, outside));
    const before = repointed.snapshot();
    const [written] = await repointed.setup.session.executor.executeBatch([
      toolCall('Write', { file_path: 'link/new.txt', content: 'model bytes' }),
    ]);
    expect(written?.status).toBe('success');
    expect(readFileSync(join(repointed.inside, 'new.txt'), 'utf8')).toBe('model bytes');
    expect(changedNames(before, repointed.snapshot())).toEqual([]);

    const swapped = swappedWorkspace('Write', swapDirectory);
    const unchanged = swapped.snapshot();
    const [refused] = await swapped.setup.session.executor.executeBatch([
      toolCall('Write', { file_path: 'link/new.txt', content: 'model bytes' }),
    ]);
    expect(refused?.status).toBe('error');
    expect(refused?.content).toContain('changed while it was being opened: it no longer leads to the file');
    expect(changedNames(unchanged, swapped.snapshot())).toEqual([]);
  });

  it('Write creates no directory outside when the parent of the missing ones was swapped', async () => {
    const { setup, snapshot } = swappedWorkspace('Write', swapDirectory);
    const before = snapshot();
    const [refused] = await setup.session.executor.executeBatch([
      toolCall('Write', { file_path: 'link/new/deeper/file.txt', content: 'model bytes' }),
    ]);
    expect(refused?.status).toBe('error');
    expect(changedNames(before, snapshot())).toEqual([]);
  });

  it('Edit edits nothing when the judged directory was swapped', async () => {
    const { setup, snapshot } = swappedWorkspace('Edit', swapDirectory);
    const before = snapshot();
    const [refused] = await setup.session.executor.executeBatch([
      toolCall('Edit', { file_path: 'link/edit-me.txt', old_string: 'marker', new_string: 'edited' }),
    ]);
    expect(refused?.status).toBe('error');
    expect(refused?.content).toContain('changed while it was being opened');
    expect(changedNames(before, snapshot())).toEqual([]);
  });

  it('Grep and Glob skip a directory swapped for a link, and say so', async () => {
    for (const [tool, args] of [
      ['Grep', { pattern: 'needle', path: 'link', output_mode: 'content' }],
      ['Glob', { pattern: '**/*', path: 'link' }],
    ] as const) {
      const { setup } = swappedWorkspace(tool, swapDirectory);
      const [result] = await setup.session.executor.executeBatch([toolCall(tool, args)]);
      expect(result?.status).toBe('success');
      expect(result?.content).not.toContain('OUTSIDE');
      expect(result?.content).not.toContain('outside-only');
      expect(result?.content).toContain('1 path was skipped: changed while being opened');
    }
  });
});
