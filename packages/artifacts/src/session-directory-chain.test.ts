import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import type { ArtifactStoreError } from './errors.js';
import { SessionDirectoryChain } from './session-directory-chain.js';

describe('session directory chain (root, namespace, session directory)', () => {
  function chainIn(base: string): { chain: SessionDirectoryChain; root: string; session: string } {
    const root = join(base, 'root');
    const namespace = join(root, 'ns');
    const session = join(namespace, 'session');
    return { chain: new SessionDirectoryChain(root, namespace, session, 0), root, session };
  }
  const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  it('reports a missing chain without creating anything, and is then not checked this turn', () => {
    const { chain, root } = chainIn(makeTempDir('toolwright-chain-test'));
    expect(chain.check(false)).toBe('missing');
    expect(existsSync(root)).toBe(false);
    expect(chain.checkedThisTurn).toBe(false);
    chain.check(true);
    expect(chain.checkedThisTurn).toBe(true);
    rmSync(root, { recursive: true });
    expect(chain.check(false)).toBe('missing');
    expect(chain.checkedThisTurn).toBe(false);
  });

  it('reports a missing session directory in an existing namespace as missing', () => {
    const { chain, session } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    rmSync(session, { recursive: true });
    chain.forget();
    expect(chain.check(false)).toBe('missing');
  });

  it('creates the chain 0700, answers present again, and is checked until the event loop turns', async () => {
    const { chain, session } = chainIn(makeTempDir('toolwright-chain-test'));
    expect(chain.checkedThisTurn).toBe(false);
    expect(chain.check(true)).toBe('present');
    expect(lstatSync(session).mode & 0o7777).toBe(0o700);
    expect(chain.checkedThisTurn).toBe(true);
    expect(chain.check(false)).toBe('present');
    await nextTurn();
    expect(chain.checkedThisTurn).toBe(false);
    expect(chain.check(false)).toBe('present');
    expect(chain.checkedThisTurn).toBe(true);
    await nextTurn();
    expect(chain.checkedThisTurn).toBe(false);
  });

  it('a check made in a later turn stays valid for that whole turn', async () => {
    const { chain } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    const seen: boolean[] = [];
    // Queued in this turn: the chain's reset, then a check in the next callback, then a reader.
    setImmediate(() => chain.check(false));
    chain.check(false);
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        seen.push(chain.checkedThisTurn);
        resolve();
      }),
    );
    expect(seen).toEqual([true]);
  });

  it('reports a session directory re-created by someone else as replaced, after the full check', () => {
    const { chain, session } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    const other = `${session}-new`;
    mkdirSync(other);
    chmodSync(other, 0o700);
    rmSync(session, { recursive: true });
    renameSync(other, session);
    expect(chain.check(false)).toBe('replaced');
    expect(chain.check(false)).toBe('present');
  });

  it('refuses a verified session directory whose mode was loosened', () => {
    const { chain, session } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    chmodSync(session, 0o755);
    const error = (() => {
      try {
        chain.check(false);
      } catch (caught) {
        return caught as ArtifactStoreError;
      }
      throw new Error('expected a refusal');
    })();
    expect(error.code).toBe('unsafe_directory');
    expect(error.message).toContain(`${session}: its mode is 0755.`);
  });

  it('checks the storage root once per chain, when it first creates', () => {
    const { chain, root } = chainIn(makeTempDir('toolwright-chain-test'));
    chain.check(true);
    chmodSync(root, 0o777);
    chain.forget();
    expect(chain.check(true)).toBe('present');
    const fresh = new SessionDirectoryChain(root, join(root, 'ns'), join(root, 'ns', 'session'), 0);
    expect(() => fresh.check(true)).toThrow(/mode 0777 lets other users replace our directories/);
  });

  it('reports a session directory with the same inode number on another file system as replaced', (context) => {
    const mountPoint = makeTempDir('toolwright-chain-test');
    // Only a fresh file system puts a directory of a chosen inode number on another device: a
    // tmpfs, where root may mount one (elsewhere the test is skipped).
    const mountTmpfs = () =>
      spawnSync('mount', ['-t', 'tmpfs', '-o', 'mode=0700', 'toolwright-test', mountPoint], {
        stdio: 'ignore',
      }).status === 0;
    if (!mountTmpfs()) return context.skip();
    try {
      const { chain, session } = chainIn(mountPoint);
      chain.check(true);
      const first = lstatSync(session);
      // A second tmpfs over the first (still mounted, so the devices differ) numbers its inodes
      // from the same start: the same directories created in the same order get the same numbers.
      expect(mountTmpfs()).toBe(true);
      chainIn(mountPoint).chain.check(true);
      const second = lstatSync(session);
      expect([second.ino, second.dev === first.dev]).toEqual([first.ino, false]);
      expect(chain.check(false)).toBe('replaced');
    } finally {
      for (let layer = 0; layer < 2; layer += 1) spawnSync('umount', [mountPoint], { stdio: 'ignore' });
    }
  });
});
