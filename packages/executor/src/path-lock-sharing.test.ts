import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tool } from '@toolwright/contracts';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { ExecutorError } from './executor-error.js';
import type { ToolExecutorOptions } from './executor-options.js';
import { PermissionPolicy } from './permission/permission-policy.js';
import { PathLock, processPathLock } from './scheduling/path-lock.js';
import { PresenceLog, presenceTool } from './test-support/presence-tools.js';
import { lookupOf } from './test-support/tools.js';
import { ToolCallRunner } from './tool-call-runner.js';
import { ToolExecutor } from './tool-executor.js';

function executorOver(root: string, tools: readonly Tool[], extra: Partial<ToolExecutorOptions> = {}) {
  return new ToolExecutor({
    lookup: lookupOf(tools),
    permissions: new PermissionPolicy({ workspaceRoot: root, allow: ['Edit(**)', 'Write(**)'] }),
    sessionId: 'lock-test',
    workspaceRoot: root,
    ...extra,
  });
}

function edit(label: string, filePath?: string) {
  return {
    id: label,
    name: 'Edit',
    arguments: { label, ...(filePath === undefined ? {} : { file_path: filePath }) },
  };
}

function write(label: string) {
  return { id: label, name: 'Write', arguments: { label } };
}

/** A workspace (real path) with one file in it. */
function workspaceWithFile(): { root: string; file: string } {
  const root = makeTempDir('path-lock', { realPath: true });
  const file = join(root, 'notes.md');
  writeFileSync(file, '');
  return { root, file };
}

describe('one path lock per process', () => {
  it('keeps two executors (and a ToolCallRunner) editing one file from overlapping; every edit survives', async () => {
    const { root, file } = workspaceWithFile();
    const log = new PresenceLog();
    const tools = [presenceTool({ name: 'Edit', log })];
    const first = executorOver(root, tools);
    const second = executorOver(root, tools);
    const runner = new ToolCallRunner({
      lookup: lookupOf(tools),
      sessionId: 'lock-test',
      workspaceRoot: root,
    });

    const results = await Promise.all([
      first.executeBatch([edit('a', file)]),
      second.executeBatch([edit('b', file)]),
      runner.run(edit('c', file)).then((executed) => [executed]),
    ]);

    expect(results.flat().map((executed) => executed.status)).toEqual(['success', 'success', 'success']);
    expect(log.overlapped('a', 'b') || log.overlapped('a', 'c') || log.overlapped('b', 'c')).toBe(false);
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean).sort()).toEqual(['a', 'b', 'c']);
  });

  it('lets two executors edit different files at once', async () => {
    const { root, file } = workspaceWithFile();
    const other = join(root, 'other.md');
    const log = new PresenceLog();
    const tools = [presenceTool({ name: 'Edit', log })];
    await Promise.all([
      executorOver(root, tools).executeBatch([edit('a', file)]),
      executorOver(root, tools).executeBatch([edit('b', other)]),
    ]);
    expect(log.overlapped('a', 'b')).toBe(true);
  });

  it('takes one lock for the symlink and `..` spellings of one file, across executors', async () => {
    const { root, file } = workspaceWithFile();
    mkdirSync(join(root, 'dir'));
    symlinkSync(file, join(root, 'link.md'));
    const log = new PresenceLog();
    const tools = [presenceTool({ name: 'Edit', log })];
    await Promise.all([
      executorOver(root, tools).executeBatch([edit('dotdot', join(root, 'dir/../notes.md'))]),
      executorOver(root, tools).executeBatch([edit('link', join(root, 'link.md'))]),
      executorOver(root, tools).executeBatch([edit('plain', file)]),
    ]);
    expect(log.overlapped('dotdot', 'link')).toBe(false);
    expect(log.overlapped('dotdot', 'plain') || log.overlapped('link', 'plain')).toBe(false);
    expect(readFileSync(file, 'utf8').split('\n').filter(Boolean).sort()).toEqual([
      'dotdot',
      'link',
      'plain',
    ]);
  });
});

describe('a shared writer that names no path', () => {
  it('runs alone: not beside another call of its batch, nor beside path-touching calls of another executor', async () => {
    const { root, file } = workspaceWithFile();
    const log = new PresenceLog();
    const tools = [
      presenceTool({ name: 'Write', log, declaresPaths: false }),
      presenceTool({ name: 'Edit', log }),
      presenceTool({ name: 'Read', log, isConcurrencySafe: true }),
    ];
    const results = await Promise.all([
      // One shared batch: before, both Writes ran at once on whatever they wrote.
      executorOver(root, tools).executeBatch([write('w1'), write('w2')]),
      executorOver(root, tools).executeBatch([edit('e1', file), edit('e2', join(root, 'other.md'))]),
    ]);

    expect(results.flat().every((executed) => executed.status === 'success')).toBe(true);
    expect(log.overlapped('w1', 'w2')).toBe(false);
    for (const writer of ['w1', 'w2']) {
      for (const editor of ['e1', 'e2']) expect(log.overlapped(writer, editor)).toBe(false);
    }
    // The two edits name different files: they still run side by side.
    expect(log.overlapped('e1', 'e2')).toBe(true);
  });

  it('does not hold back a concurrency-safe call', async () => {
    const { root } = workspaceWithFile();
    const log = new PresenceLog();
    const tools = [
      presenceTool({ name: 'Write', log, declaresPaths: false }),
      presenceTool({ name: 'Read', log, isConcurrencySafe: true }),
    ];
    const executor = executorOver(root, tools);
    await executor.executeBatch([write('w'), { id: 'r', name: 'Read', arguments: { label: 'r' } }]);
    expect(log.overlapped('w', 'r')).toBe(true);
  });
});

describe('a lock the host passes', () => {
  it('isolates the executors given their own, and joins those given the same one', async () => {
    const { root, file } = workspaceWithFile();
    const log = new PresenceLog();
    const tools = [presenceTool({ name: 'Edit', log })];
    await Promise.all([
      executorOver(root, tools, { pathLock: new PathLock() }).executeBatch([edit('tenant-a', file)]),
      executorOver(root, tools, { pathLock: new PathLock() }).executeBatch([edit('tenant-b', file)]),
    ]);
    expect(log.overlapped('tenant-a', 'tenant-b')).toBe(true);

    const shared = new PathLock();
    await Promise.all([
      executorOver(root, tools, { pathLock: shared }).executeBatch([edit('one', file)]),
      executorOver(root, tools, { pathLock: shared }).executeBatch([edit('two', file)]),
    ]);
    expect(log.overlapped('one', 'two')).toBe(false);
    expect(shared.idle && processPathLock().idle).toBe(true);
  });

  it('is refused when it is no PathLock, naming the option and what it accepts', () => {
    const refusal = (() => {
      try {
        executorOver('/tmp', [], { pathLock: {} as PathLock });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(ExecutorError.isInstance(refusal)).toBe(true);
    expect((refusal as ExecutorError).code).toBe('invalid_option');
    expect((refusal as Error).message).toMatch(/pathLock must be a PathLock \(new PathLock\(\)\)/);
  });
});

describe('a tool that throws', () => {
  it('releases its path and its exclusive run', async () => {
    const { root, file } = workspaceWithFile();
    const log = new PresenceLog();
    const lock = new PathLock();
    const tools = [
      presenceTool({ name: 'Edit', log }),
      presenceTool({ name: 'Write', log, declaresPaths: false }),
    ];
    const [failed, after] = await Promise.all([
      executorOver(root, tools, { pathLock: lock }).executeBatch([edit('fail-edit', file)]),
      executorOver(root, tools, { pathLock: lock }).executeBatch([edit('after-edit', file)]),
    ]);
    expect(failed?.[0]?.status).toBe('error');
    expect(after?.[0]?.status).toBe('success');

    const executor = executorOver(root, tools, { pathLock: lock });
    const results = await executor.executeBatch([
      write('fail-write'),
      write('after-write'),
      edit('last', file),
    ]);
    expect(results.map((executed) => executed.status)).toEqual(['error', 'success', 'success']);
    expect(lock.idle).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe('after-edit\nlast\n');
  });
});
