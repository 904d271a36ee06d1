import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { ArtifactStoreError, SessionArtifactStore } from './index.js';

/** What an operation rejected with, whatever it is (the point is to see raw errors too). */
async function rejectionOf(operation: () => Promise<unknown>): Promise<unknown> {
  try {
    await operation();
  } catch (error) {
    return error;
  }
  throw new Error('expected the operation to be refused');
}

describe('every error leaving the package is an ArtifactStoreError', () => {
  it('wraps another toolwright error thrown by validateRequest as request_rejected, keeping it as the cause', async () => {
    const foreign = Object.assign(new Error('tool kind not allowed'), {
      code: 'invalid_option',
      [Symbol.for('toolwright.error')]: true,
    });
    const store = new SessionArtifactStore({
      root: makeTempDir('toolwright-artifacts-test'),
      namespace: 'mcp',
      sessionId: 'typed',
      validateRequest: () => {
        throw foreign;
      },
    });
    const error = await rejectionOf(() => store.write({ kind: 'k', bytes: 'x' }));
    expect(ArtifactStoreError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'request_rejected', cause: foreign });
    expect((error as Error).message).toContain('tool kind not allowed');
  });

  it('a namespace directory swapped for a regular file after first use: ENOTDIR never escapes raw, every operation names the path', async () => {
    const root = makeTempDir('toolwright-artifacts-test');
    const store = new SessionArtifactStore({ root, namespace: 'mcp', sessionId: 'typed' });
    const record = await store.write({ kind: 'k', bytes: 'first' });
    store.flush();
    renameSync(join(root, 'mcp'), join(root, 'mcp-moved'));
    writeFileSync(join(root, 'mcp'), 'not a directory', { mode: 0o600 });
    const operations: Array<[string, () => Promise<unknown>]> = [
      ['write', () => store.write({ kind: 'k', bytes: 'second' })],
      ['read', () => store.read(record.id)],
      ['list', () => store.list()],
      ['removeAll', () => store.removeAll()],
      ['spill', () => store.spill('x'.repeat(100), { thresholdBytes: 10, headBytes: 2, tailBytes: 2 })],
    ];
    for (const [name, operation] of operations) {
      const error = await rejectionOf(operation);
      expect(ArtifactStoreError.isInstance(error), `${name}: ${String(error)}`).toBe(true);
      expect(['io_failed', 'unsafe_directory', 'not_found']).toContain((error as ArtifactStoreError).code);
      expect((error as ArtifactStoreError).path, name).toMatch(new RegExp(`^${root}/mcp`));
    }
  });
});
