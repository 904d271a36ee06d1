import {
  chmodSync,
  chownSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, type SyscallFault, thrownBy, withSyscallFault } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { PrivateFileError } from './private-file-error.js';
import { ensurePrivateDirectory, ensureStorageRoot } from './secure-directory.js';

/** The refusal `run` throws; fails the test when it throws nothing or anything else. */
function thrown(run: () => unknown): PrivateFileError {
  return thrownBy(run, PrivateFileError);
}

describe('secure directories (the storage root and the private chain)', () => {
  it('refuses a storage root that is a regular file, naming it', () => {
    const root = join(makeTempDir('toolwright-secure-test'), 'file');
    writeFileSync(root, 'x');
    const error = thrown(() => ensureStorageRoot(root, 0));
    expect(error.code).toBe('unsafe_directory');
    expect(error.path).toBe(root);
    expect(error.message).toBe(
      `Refusing storage root ${root}: it is not a directory. Expected a directory path.`,
    );
  });

  it('accepts a root owned by root for another uid, and refuses one owned by a third uid with the full message', () => {
    const root = makeTempDir('toolwright-secure-test');
    chmodSync(root, 0o755);
    expect(() => ensureStorageRoot(root, 1000)).not.toThrow();
    chownSync(root, 2000, 2000);
    expect(() => ensureStorageRoot(root, 2000)).not.toThrow();
    const error = thrown(() => ensureStorageRoot(root, 1000));
    expect(error.code).toBe('unsafe_directory');
    expect(error.path).toBe(root);
    expect(error.message).toBe(
      `Refusing storage root ${root}: it is owned by uid 2000, not by uid 1000 (this process) or root; ` +
        'its owner could rename our directories and put their own in their place, sticky bit or not. ' +
        'Expected a directory owned by uid 1000 or by root.',
    );
  });

  it('refuses a world-writable root unless it is sticky, with the full message', () => {
    const root = makeTempDir('toolwright-secure-test');
    chmodSync(root, 0o777);
    const error = thrown(() => ensureStorageRoot(root, 0));
    expect(error.code).toBe('unsafe_directory');
    expect(error.path).toBe(root);
    expect(error.message).toBe(
      `Refusing storage root ${root}: mode 0777 lets other users replace our directories. ` +
        'Expected one only its owner can write to (e.g. 0700 or 0755), or a sticky one like /tmp.',
    );
    chmodSync(root, 0o1777);
    expect(() => ensureStorageRoot(root, 0)).not.toThrow();
  });

  it('does not create a missing root inside a parent others may write to, naming that parent', () => {
    const parent = makeTempDir('toolwright-secure-test');
    chmodSync(parent, 0o777);
    const root = join(parent, 'root');
    const error = thrown(() => ensureStorageRoot(root, 0));
    expect(error.message).toBe(
      `Refusing the parent of the storage root ${parent}: mode 0777 lets other users replace our directories. ` +
        'Expected one only its owner can write to (e.g. 0700 or 0755), or a sticky one like /tmp.',
    );
    expect(existsSync(root)).toBe(false);
  });

  it('creates the missing levels of a root 0700 each', () => {
    const base = makeTempDir('toolwright-secure-test');
    const root = join(base, 'a', 'b');
    ensureStorageRoot(root, 0);
    expect(lstatSync(join(base, 'a')).mode & 0o7777).toBe(0o700);
    expect(lstatSync(root).mode & 0o7777).toBe(0o700);
  });

  it('reports a root under a regular file as io_failed, naming the operation', () => {
    const file = join(makeTempDir('toolwright-secure-test'), 'file');
    writeFileSync(file, 'x');
    const root = join(file, 'root');
    const error = thrown(() => ensureStorageRoot(root, 0));
    expect(error.code).toBe('io_failed');
    expect(error.path).toBe(root);
    expect(error.message).toMatch(new RegExp(`^Could not inspect the storage root ${root}: ENOTDIR`));
  });

  it('does not follow a dangling symlink planted as the root: nothing is created at its target', () => {
    const base = makeTempDir('toolwright-secure-test');
    const root = join(base, 'root');
    symlinkSync(join(base, 'target'), root);
    const error = thrown(() => ensureStorageRoot(root, 0));
    expect(error.code).toBe('io_failed');
    expect(error.message).toBe(
      `Could not inspect the storage root ${root}: it vanished right after it was created`,
    );
    expect(existsSync(join(base, 'target'))).toBe(false);
  });

  it('refuses a private directory that is not a directory, or not 0700, with the mode in four digits', () => {
    const base = makeTempDir('toolwright-secure-test');
    const file = join(base, 'file');
    writeFileSync(file, 'x');
    const error = thrown(() => ensurePrivateDirectory(file, 0, false));
    expect(error.code).toBe('unsafe_directory');
    expect(error.message).toBe(
      `Refusing private directory ${file}: it is not a directory. Expected a real directory owned by uid 0 with mode 0700.`,
    );
    const directory = join(base, 'directory');
    mkdirSync(directory);
    chmodSync(directory, 0o055);
    expect(thrown(() => ensurePrivateDirectory(directory, 0, false)).message).toContain(
      ': its mode is 0055.',
    );
  });

  it('reports a private directory under a regular file as io_failed, and a missing one as absent', () => {
    const base = makeTempDir('toolwright-secure-test');
    const file = join(base, 'file');
    writeFileSync(file, 'x');
    const error = thrown(() => ensurePrivateDirectory(join(file, 'sub'), 0, false));
    expect(error.code).toBe('io_failed');
    expect(error.message).toMatch(new RegExp(`^Could not inspect directory ${join(file, 'sub')}: ENOTDIR`));
    expect(ensurePrivateDirectory(join(base, 'missing'), 0, false)).toBeUndefined();
  });

  it('reports a directory whose parent is missing as a failed create, not as vanished', () => {
    const path = join(makeTempDir('toolwright-secure-test'), 'missing', 'sub');
    const error = thrown(() => ensurePrivateDirectory(path, 0, true));
    expect(error.code).toBe('io_failed');
    expect(error.message).toMatch(new RegExp(`^Could not create directory ${path}: ENOENT`));
  });

  it('refuses a directory it created that is not owned by the expected uid, and closes the handle', () => {
    const base = makeTempDir('toolwright-secure-test');
    ensurePrivateDirectory(join(base, 'warm'), 0, true);
    const before = readdirSync('/proc/self/fd').length;
    for (let round = 0; round < 3; round += 1) {
      const path = join(base, `created-${round}`);
      const error = thrown(() => ensurePrivateDirectory(path, 1000, true));
      expect(error.code).toBe('unsafe_directory');
      expect(error.message).toBe(
        `Refusing private directory ${path}: it is owned by uid 0, not by uid 1000 (this process). ` +
          'Expected a real directory owned by uid 1000 with mode 0700.',
      );
      ensurePrivateDirectory(join(base, `ours-${round}`), 0, true);
    }
    expect(readdirSync('/proc/self/fd').length).toBe(before);
  });

  it('leaves a directory it refused after mkdir closed to others whatever the umask: mkdir itself asks for 0700', () => {
    const path = join(makeTempDir('toolwright-secure-test'), 'created');
    const previousUmask = process.umask(0o000);
    try {
      // Refused for its owner before the mode is set through the handle: mkdir's mode is what it keeps.
      expect(thrown(() => ensurePrivateDirectory(path, 1000, true)).code).toBe('unsafe_directory');
    } finally {
      process.umask(previousUmask);
    }
    expect(lstatSync(path).mode & 0o7777).toBe(0o700);
  });

  it('refuses a missing level of the root that it created for another uid, instead of building the rest in it', () => {
    const base = makeTempDir('toolwright-secure-test');
    const error = thrown(() => ensureStorageRoot(join(base, 'a', 'b'), 1000));
    expect(error.message).toBe(
      `Refusing private directory ${join(base, 'a')}: it is owned by uid 0, not by uid 1000 (this process). ` +
        'Expected a real directory owned by uid 1000 with mode 0700.',
    );
    expect(existsSync(join(base, 'a', 'b'))).toBe(false);
  });

  it('checking an existing root creates nothing, not even in the working directory', () => {
    const root = makeTempDir('toolwright-secure-test');
    const workingDirectory = makeTempDir('toolwright-secure-test');
    const previous = process.cwd();
    process.chdir(workingDirectory);
    try {
      ensureStorageRoot(root, 0);
    } finally {
      process.chdir(previous);
    }
    expect(readdirSync(workingDirectory)).toEqual([]);
    expect(readdirSync(root)).toEqual([]);
  });
});

/**
 * What another process can do between two of our calls (replace, remove) and what a disk can do
 * (fail), made to happen on the exact call by strace's fault injection.
 */
describe('secure directories when a path changes or fails between two calls', () => {
  async function refusalUnder(fault: SyscallFault, action: () => unknown) {
    const outcome = await withSyscallFault(fault, () => thrown(action));
    return outcome?.result;
  }

  const openFailures = [
    [
      'ELOOP',
      'unsafe_directory',
      (path: string) =>
        `Refusing private directory ${path}: it was replaced by a symbolic link right after mkdir.`,
    ],
    [
      'ENOTDIR',
      'unsafe_directory',
      (path: string) =>
        `Refusing private directory ${path}: it was replaced by a non-directory right after mkdir.`,
    ],
    ['EIO', 'io_failed', (path: string) => `Could not open the new directory ${path}: EIO`],
  ] as const;
  for (const [errno, code, message] of openFailures) {
    it(`a directory that cannot be opened right after mkdir (${errno}) is ${code}, named as such`, async (context) => {
      const path = join(makeTempDir('toolwright-secure-test'), 'created');
      const error = await refusalUnder({ path, syscall: 'openat', error: errno }, () =>
        ensurePrivateDirectory(path, 0, true),
      );
      if (error === undefined) return context.skip();
      expect(error.code).toBe(code);
      expect(error.path).toBe(path);
      expect(error.message.startsWith(message(path))).toBe(true);
    });
  }

  it('a failure to set the mode through the handle is io_failed, naming the operation', async (context) => {
    const path = join(makeTempDir('toolwright-secure-test'), 'created');
    const error = await refusalUnder({ path, syscall: 'fchmod', error: 'EIO' }, () =>
      ensurePrivateDirectory(path, 0, true),
    );
    if (error === undefined) return context.skip();
    expect(error.code).toBe('io_failed');
    expect(error.message.startsWith(`Could not set the mode of ${path}: EIO`)).toBe(true);
  });

  it('a directory removed right after it was created is refused as vanished', async (context) => {
    const path = join(makeTempDir('toolwright-secure-test'), 'created');
    // The calls on it: lstat (missing), mkdir, open, fstat through the handle, fchmod, lstat again:
    // that third stat is made to find nothing.
    const error = await refusalUnder({ path, syscall: 'statx', error: 'ENOENT', when: '3' }, () =>
      ensurePrivateDirectory(path, 0, true),
    );
    if (error === undefined) return context.skip();
    expect(error.code).toBe('unsafe_directory');
    expect(
      error.message.startsWith(`Refusing private directory ${path}: it vanished right after it was created.`),
    ).toBe(true);
  });

  it('a parent of the root removed after the walk up found it is io_failed, and nothing is created', async (context) => {
    const parent = makeTempDir('toolwright-secure-test');
    const root = join(parent, 'root');
    const error = await refusalUnder({ path: parent, syscall: 'statx', error: 'ENOENT', when: '2' }, () =>
      ensureStorageRoot(root, 0),
    );
    if (error === undefined) return context.skip();
    expect(error.code).toBe('io_failed');
    expect(error.path).toBe(root);
    expect(error.message).toBe(`Could not create the storage root ${root}: its parent ${parent} vanished`);
    expect(existsSync(root)).toBe(false);
  });

  it('a parent of the root that can no longer be inspected is io_failed, naming that check', async (context) => {
    const parent = makeTempDir('toolwright-secure-test');
    const error = await refusalUnder({ path: parent, syscall: 'statx', error: 'EACCES', when: '2' }, () =>
      ensureStorageRoot(join(parent, 'root'), 0),
    );
    if (error === undefined) return context.skip();
    expect(
      error.message.startsWith(`Could not inspect the parent of the storage root ${parent}: EACCES`),
    ).toBe(true);
  });

  it('an existing root that cannot be inspected a second time is io_failed, naming the root', async (context) => {
    const root = makeTempDir('toolwright-secure-test');
    const error = await refusalUnder({ path: root, syscall: 'statx', error: 'EIO', when: '2' }, () =>
      ensureStorageRoot(root, 0),
    );
    if (error === undefined) return context.skip();
    expect(error.message.startsWith(`Could not inspect the storage root ${root}: EIO`)).toBe(true);
  });

  it('a root none of whose ancestors exists, "/" included, ends the walk up at "/" as a failed create', async (context) => {
    const root = join('/', `toolwright-missing-${process.pid}`, 'root');
    const error = await refusalUnder({ path: '/', syscall: 'statx', error: 'ENOENT' }, () =>
      ensureStorageRoot(root, 0),
    );
    if (error === undefined) return context.skip();
    expect(error.code).toBe('io_failed');
    expect(error.message).toBe('Could not create the storage root /: its parent / vanished');
  });
});
