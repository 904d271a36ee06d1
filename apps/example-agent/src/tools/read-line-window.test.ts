import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { readLineWindow } from './read-line-window.js';

const directory = makeTemporaryDirectory('read-line-window');
afterAll(() => directory.remove());

/** What Read did before it read in chunks: the whole text, split, a final empty line dropped. */
function reference(bytes: Buffer, start: number, limit: number): { totalLines: number; lines: string[] } {
  const lines = bytes.toString('utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  return { totalLines: lines.length, lines: lines.slice(start, start + limit) };
}

const signal = new AbortController().signal;

describe('readLineWindow', () => {
  it('keeps and counts exactly the lines split would give, whatever the chunk boundaries (property)', async () => {
    const path = join(directory.path, 'text.txt');
    // Lines of ASCII, multi-byte characters and broken UTF-8, cut by chunks of 1 to 9 bytes.
    const piece = fc.oneof(
      fc.constantFrom('\n', 'a', 'é', '€', '😀', '\r'),
      fc.uint8Array({ minLength: 1, maxLength: 2, min: 0x80, max: 0xff }).map((bytes) => Buffer.from(bytes)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(piece, { maxLength: 40 }),
        fc.nat(8),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        async (pieces, start, limit, chunkBytes) => {
          const bytes = Buffer.concat(
            pieces.map((part) => (typeof part === 'string' ? Buffer.from(part) : part)),
          );
          writeFileSync(path, bytes);
          const window = await readLineWindow(path, { start, limit, maxBytes: 1024, signal, chunkBytes });
          expect(window).toEqual({ binary: false, ...reference(bytes, start, limit) });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reports a NUL byte anywhere as binary', async () => {
    const path = join(directory.path, 'binary.bin');
    writeFileSync(path, Buffer.concat([Buffer.from('text\n'.repeat(10)), Buffer.from([0])]));
    expect(await readLineWindow(path, { start: 0, limit: 5, maxBytes: 1024, signal, chunkBytes: 7 })).toEqual(
      {
        binary: true,
      },
    );
  });

  it('stops at maxBytes and rejects with the reason of an aborted signal', async () => {
    const path = join(directory.path, 'long.txt');
    writeFileSync(path, 'line\n'.repeat(100));
    expect(await readLineWindow(path, { start: 0, limit: 1000, maxBytes: 10, signal })).toEqual({
      binary: false,
      totalLines: 2,
      lines: ['line', 'line'],
    });
    const reason = new Error('stop');
    await expect(
      readLineWindow(path, { start: 0, limit: 1, maxBytes: 1024, signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
  });
});
