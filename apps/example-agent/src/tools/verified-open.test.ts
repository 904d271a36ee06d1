import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createSessionFixture, type SessionFixture, toolCall } from '../test-support/executor-fixture.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { writeFileAtomically, writeFileAtomicallyByPath } from './atomic-write.js';
import { GrepWorkerClient } from './grep-worker-client.js';
import {
  isSameFileAt,
  openJudgedDirectory,
  openJudgedFile,
  PathChangedError,
  withChangedNote,
} from './verified-open.js';

const cleanups: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});
function directory(): string {
  const made = makeTemporaryDirectory('verified-open');
  cleanups.push(made.remove);
  return made.path;
}
function fixture(): SessionFixture {
  const made = createSessionFixture();
  cleanups.push(made.remove);
  return made;
}

describe('openJudgedFile and openJudgedDirectory', () => {
  it('open the judged real path and refuse a link in its place or on its way', async () => {
    const root = directory();
    mkdirSync(join(root, 'real'));
    writeFileSync(join(root, 'real', 'file.txt'), 'judged');
    symlinkSync(join(root, 'real'), join(root, 'linked'));
    symlinkSync(join(root, 'real', 'file.txt'), join(root, 'alias.txt'));

    const handle = await openJudgedFile(join(root, 'real', 'file.txt'), 'file.txt');
    expect(await handle.readFile('utf8')).toBe('judged');
    await handle.close();
    // A link as the last component (O_NOFOLLOW), and a link on the way (the opened file is elsewhere).
    await expect(openJudgedFile(join(root, 'alias.txt'), 'alias.txt')).rejects.toThrow(PathChangedError);
    await expect(openJudgedFile(join(root, 'linked', 'file.txt'), 'linked/file.txt')).rejects.toThrow(
      'linked/file.txt changed while it was being opened',
    );
    await expect(openJudgedDirectory(join(root, 'linked'), 'linked', 'read')).rejects.toThrow(
      PathChangedError,
    );
    // Not a change: a missing file, and a file where a directory was expected.
    await expect(openJudgedFile(join(root, 'missing.txt'), 'missing.txt')).rejects.toMatchObject({
      code: 'ENOENT',
    });
    await expect(
      openJudgedDirectory(join(root, 'real', 'file.txt'), 'file.txt', 'read'),
    ).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('writeFileAtomically', () => {
  it('creates missing directories and keeps an existing file mode, leaving no temporary file', async () => {
    const root = directory();
    writeFileSync(join(root, 'script.sh'), 'old', { mode: 0o750 });
    await writeFileAtomically(join(root, 'script.sh'), 'new', 'script.sh');
    await writeFileAtomically(join(root, 'a', 'b', 'c.txt'), 'deep', 'a/b/c.txt');
    expect(readFileSync(join(root, 'script.sh'), 'utf8')).toBe('new');
    expect(lstatSync(join(root, 'script.sh')).mode & 0o777).toBe(0o750);
    expect(readFileSync(join(root, 'a', 'b', 'c.txt'), 'utf8')).toBe('deep');
  });

  it('refuses when a directory of the judged path is a link, and writes nothing through it', async () => {
    const root = directory();
    mkdirSync(join(root, 'elsewhere'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'swapped'));
    await expect(writeFileAtomically(join(root, 'swapped', 'x.txt'), 'bytes', 'x.txt')).rejects.toThrow(
      PathChangedError,
    );
    await expect(
      writeFileAtomically(join(root, 'swapped', 'new', 'x.txt'), 'bytes', 'x.txt'),
    ).rejects.toThrow(PathChangedError);
    expect(() => lstatSync(join(root, 'elsewhere', 'x.txt'))).toThrow();
    expect(() => lstatSync(join(root, 'elsewhere', 'new'))).toThrow();
  });
});

describe('the checks where /proc is absent (run here on purpose)', () => {
  it('isSameFileAt: the same inode at a link-free path, nothing else', async () => {
    const root = directory();
    mkdirSync(join(root, 'real'));
    writeFileSync(join(root, 'real', 'file.txt'), 'judged');
    writeFileSync(join(root, 'other.txt'), 'other');
    symlinkSync(join(root, 'real'), join(root, 'linked'));
    const handle = await open(join(root, 'real', 'file.txt'), 'r');
    try {
      expect(await isSameFileAt(handle, join(root, 'real', 'file.txt'))).toBe(true);
      expect(await isSameFileAt(handle, join(root, 'linked', 'file.txt'))).toBe(false);
      expect(await isSameFileAt(handle, join(root, 'other.txt'))).toBe(false);
      expect(await isSameFileAt(handle, join(root, 'missing.txt'))).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it('writeFileAtomicallyByPath writes a link-free path and refuses one through a link, leaving nothing there', async () => {
    const root = directory();
    mkdirSync(join(root, 'elsewhere'));
    symlinkSync(join(root, 'elsewhere'), join(root, 'swapped'));
    await writeFileAtomicallyByPath(join(root, 'plain.txt'), 'bytes', 'plain.txt');
    expect(readFileSync(join(root, 'plain.txt'), 'utf8')).toBe('bytes');
    await expect(writeFileAtomicallyByPath(join(root, 'swapped', 'x.txt'), 'bytes', 'x.txt')).rejects.toThrow(
      PathChangedError,
    );
    expect(readdirSync(join(root, 'elsewhere'))).toEqual([]);
  });
});

describe("Grep's worker", () => {
  it('reads each file only at its judged real path, counting the ones that are not there', async () => {
    const root = directory();
    mkdirSync(join(root, 'real'));
    writeFileSync(join(root, 'real', 'file.txt'), 'needle judged');
    mkdirSync(join(root, 'outside'));
    writeFileSync(join(root, 'outside', 'file.txt'), 'needle OUTSIDE');
    symlinkSync(join(root, 'outside'), join(root, 'swapped'));
    symlinkSync(join(root, 'outside', 'file.txt'), join(root, 'real', 'alias.txt'));
    const worker = new GrepWorkerClient(new AbortController().signal);
    try {
      const settings = {
        pattern: 'needle',
        caseInsensitive: false,
        mode: 'content',
        headLimit: 100,
        maxTestedLine: 1000,
        maxFileBytes: 1024,
      } as const;
      await worker.request({ kind: 'start', settings });
      await worker.request({
        kind: 'search',
        files: [
          { path: 'file.txt', realPath: join(root, 'real', 'file.txt') },
          // A directory on the way swapped for a link, and a link in the last component.
          { path: 'through-link.txt', realPath: join(root, 'swapped', 'file.txt') },
          { path: 'alias.txt', realPath: join(root, 'real', 'alias.txt') },
        ],
      });
      expect(await worker.request({ kind: 'finish' })).toEqual({
        kind: 'finished',
        output: ['file.txt:1:needle judged'],
        matches: 1,
        changed: 2,
      });
    } finally {
      worker.close();
    }
  });
});

describe('the tools through the executor', () => {
  it('Write to a link in the workspace writes the file it leads to (the one judged), keeping the link', async () => {
    const setup = fixture();
    const target = setup.write('real.txt', 'old');
    symlinkSync(target, join(setup.workspace, 'alias.txt'));
    const [result] = await setup.session.executor.executeBatch([
      toolCall('Write', { file_path: 'alias.txt', content: 'new' }),
    ]);
    expect(result?.status).toBe('success');
    expect(readFileSync(target, 'utf8')).toBe('new');
    expect(readlinkSync(join(setup.workspace, 'alias.txt'))).toBe(target);
  });

  it('Grep and Glob pointed at a file find nothing and report no change', async () => {
    const setup = fixture();
    setup.write('file.txt', 'needle');
    for (const [tool, args] of [
      ['Grep', { pattern: 'needle', path: 'file.txt' }],
      ['Glob', { pattern: '**/*', path: 'file.txt' }],
    ] as const) {
      const [result] = await setup.session.executor.executeBatch([toolCall(tool, args)]);
      expect(result?.content).not.toContain('changed while');
    }
  });

  it('the note for changed paths counts them', () => {
    expect(withChangedNote('body', 0)).toBe('body');
    expect(withChangedNote('body', 2)).toBe(
      'body\n2 paths were skipped: changed while being opened (a symbolic link or directory was swapped); nothing from there was read.',
    );
  });
});
