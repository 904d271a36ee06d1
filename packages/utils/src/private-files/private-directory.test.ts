import { spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { beforeEach, describe, expect, it } from 'vitest';
import { PrivateDirectory } from './private-directory.js';
import { PrivateFileError } from './private-file-error.js';

let root: string;
beforeEach(() => {
  root = makeTempDir('private-files');
});

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return PrivateFileError.isInstance(error) ? error.code : `not a PrivateFileError: ${error}`;
  }
  return undefined;
}

describe('PrivateDirectory', () => {
  it('creates 0700 directories and writes 0600 files whatever the umask', () => {
    const previous = process.umask(0o000);
    try {
      const directory = new PrivateDirectory(join(root, 'store'), 'server-a');
      directory.write('tokens.json', Buffer.from('{"a":1}'));
      expect(statSync(join(root, 'store', 'server-a')).mode & 0o7777).toBe(0o700);
      expect(statSync(join(root, 'store', 'server-a', 'tokens.json')).mode & 0o7777).toBe(0o600);
      expect(directory.read('tokens.json')?.toString()).toBe('{"a":1}');
    } finally {
      process.umask(previous);
    }
  });

  it('replaces a file whole and leaves no temporary file behind', () => {
    const directory = new PrivateDirectory(root, 'server');
    directory.write('tokens.json', Buffer.from('old'));
    directory.write('tokens.json', Buffer.from('new'));
    expect(directory.read('tokens.json')?.toString()).toBe('new');
    expect(readdirSync(directory.path)).toEqual(['tokens.json']);
    expect(directory.remove('tokens.json')).toBe(true);
    expect(directory.remove('tokens.json')).toBe(false);
    expect(directory.read('tokens.json')).toBeUndefined();
  });

  it('leaves a whole old or new file when the writer is killed mid-write (crash safety)', async () => {
    const directory = new PrivateDirectory(root, 'server');
    const versions = [Buffer.alloc(3_000_000, 'a'), Buffer.alloc(2_000_000, 'b')];
    directory.write('tokens.json', versions[0]!);
    // A separate process rewrites the file as fast as it can, with PrivateDirectory itself,
    // and is killed with SIGKILL at a moment it does not choose.
    const source = new URL('./private-directory.ts', import.meta.url).pathname;
    const script = `
      const { PrivateDirectory } = await import(${JSON.stringify(source)});
      const directory = new PrivateDirectory(${JSON.stringify(root)}, 'server');
      const versions = [Buffer.alloc(3_000_000, 'a'), Buffer.alloc(2_000_000, 'b')];
      process.stdout.write('ready\\n');
      // Stops once the test process is gone (re-parented), so a dying run leaves no writer behind.
      const parent = process.ppid;
      for (let round = 0; process.ppid === parent; round++) directory.write('tokens.json', versions[round % 2]);`;
    for (let kill = 0; kill < 3; kill++) {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
      await new Promise((resolve) => setTimeout(resolve, 150 + kill * 70));
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
      const read = directory.read('tokens.json');
      expect(read?.equals(versions[0]!) || read?.equals(versions[1]!)).toBe(true);
    }
  }, 30_000);

  it('refuses a directory that is a link, has a loose mode or a file with another mode or links', () => {
    mkdirSync(join(root, 'loose'), { mode: 0o755 });
    chmodSync(join(root, 'loose'), 0o755);
    expect(codeOf(() => new PrivateDirectory(root, 'loose'))).toBe('unsafe_directory');

    mkdirSync(join(root, 'elsewhere'), { mode: 0o700 });
    symlinkSync(join(root, 'elsewhere'), join(root, 'linked'));
    expect(codeOf(() => new PrivateDirectory(root, 'linked'))).toBe('unsafe_directory');

    const directory = new PrivateDirectory(root, 'server');
    writeFileSync(join(directory.path, 'readable.json'), 'x', { mode: 0o644 });
    chmodSync(join(directory.path, 'readable.json'), 0o644);
    expect(codeOf(() => directory.read('readable.json'))).toBe('unsafe_entry');

    writeFileSync(join(root, 'secret'), 'x', { mode: 0o600 });
    symlinkSync(join(root, 'secret'), join(directory.path, 'symlinked.json'));
    expect(codeOf(() => directory.read('symlinked.json'))).toBe('unsafe_entry');

    directory.write('linked.json', Buffer.from('x'));
    linkSync(join(directory.path, 'linked.json'), join(root, 'second-name'));
    expect(codeOf(() => directory.read('linked.json'))).toBe('unsafe_entry');
    expect(lstatSync(join(directory.path, 'linked.json')).nlink).toBe(2);
  });

  // Changing a file's owner takes root: where the tests run as root, the owner check is tested.
  it.skipIf(process.getuid?.() !== 0)('refuses a file or a directory another user owns', () => {
    const directory = new PrivateDirectory(root, 'server');
    directory.write('tokens.json', Buffer.from('x'));
    chownSync(join(directory.path, 'tokens.json'), 12_345, 12_345);
    expect(codeOf(() => directory.read('tokens.json'))).toBe('unsafe_entry');
    mkdirSync(join(root, 'foreign'), { mode: 0o700 });
    chownSync(join(root, 'foreign'), 12_345, 12_345);
    expect(codeOf(() => new PrivateDirectory(root, 'foreign'))).toBe('unsafe_directory');
  });

  it('readOrCreate: processes racing to create one file all end up with the same content', async () => {
    // Each process offers its own random value at the same moment; one wins, and every process
    // (winners and losers) reads back that one, as a host key must be.
    const source = new URL('./private-directory.ts', import.meta.url).pathname;
    const script = `
      const { PrivateDirectory } = await import(${JSON.stringify(source)});
      const { randomBytes } = await import('node:crypto');
      const directory = new PrivateDirectory(${JSON.stringify(root)}, 'keys');
      const start = Number(process.argv.at(-1));
      while (Date.now() < start) {}
      process.stdout.write(directory.readOrCreate('host.key', () => randomBytes(32)).toString('hex'));`;
    const start = Date.now() + 1_500;
    const outputs = await Promise.all(
      Array.from({ length: 6 }, () => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', '--input-type=module', '-e', script, String(start)],
          { stdio: ['ignore', 'pipe', 'inherit'] },
        );
        let output = '';
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString('utf8');
        });
        return new Promise<string>((resolve) => child.once('exit', () => resolve(output)));
      }),
    );
    expect(outputs[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(outputs)).toEqual(new Set([outputs[0]]));
    const directory = new PrivateDirectory(root, 'keys');
    expect(directory.read('host.key')?.toString('hex')).toBe(outputs[0]);
    expect(readdirSync(directory.path)).toEqual(['host.key']);
    expect(lstatSync(join(directory.path, 'host.key')).nlink).toBe(1);
    // Once it exists, a later offer is not taken.
    expect(directory.readOrCreate('host.key', () => Buffer.alloc(32)).toString('hex')).toBe(outputs[0]);
  }, 30_000);

  it('refuses names that could leave the directory', () => {
    const directory = new PrivateDirectory(root, 'server');
    for (const name of ['../x', 'a/b', '.hidden', '']) {
      expect(codeOf(() => directory.write(name, Buffer.from('x')))).toBe('invalid_request');
    }
    expect(codeOf(() => new PrivateDirectory(root, '..'))).toBe('invalid_request');
  });
});
