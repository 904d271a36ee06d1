import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { ArtifactStoreError } from './errors.js';
import {
  type ExpectedStoredFile,
  verifyStoredFile,
  verifyStoredFileSync,
} from './stored-file-verification.js';
import { rejection } from './test-support/refusals.js';

function sha256(bytes: string | Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

describe('stored-file verification (the guard every read and dedup goes through)', () => {
  // Larger than the synchronous scratch chunk (256 KiB) and the asynchronous chunk (4 MiB), so
  // both paths read the file in more than one piece.
  const SIZE = 4 * 1024 * 1024 + 300 * 1024;
  const content = Buffer.alloc(SIZE);
  for (let index = 0; index < SIZE; index += 1) content[index] = (index * 31 + (index >> 12)) & 0xff;
  const id = sha256(content);
  const uid = process.getuid?.() ?? 0;

  function storedFile(bytes: Uint8Array = content): string {
    const path = join(makeTempDir('toolwright-verify-test'), 'artifact');
    writeFileSync(path, bytes);
    chmodSync(path, 0o600);
    return path;
  }

  type Verify = (expected: ExpectedStoredFile, keepBytes: boolean) => Promise<unknown>;
  const paths: Array<[string, Verify]> = [
    ['synchronous', async (expected, keepBytes) => verifyStoredFileSync(expected, keepBytes)],
    ['asynchronous', (expected, keepBytes) => verifyStoredFile(expected, keepBytes)],
  ];

  async function refusal(
    verify: Verify,
    expected: ExpectedStoredFile,
    keepBytes: boolean,
  ): Promise<ArtifactStoreError> {
    return rejection(verify(expected, keepBytes));
  }

  function openDescriptors(): number {
    return readdirSync('/proc/self/fd').length;
  }

  for (const [name, verify] of paths) {
    for (const keepBytes of [false, true]) {
      it(`${name}, keepBytes ${keepBytes}: a multi-chunk file whose content hashes to its name is accepted`, async () => {
        const path = storedFile();
        const result = (await verify({ path, id, uid, byteLength: SIZE }, keepBytes)) as {
          byteLength: number;
          bytes: Buffer | undefined;
        };
        expect(result.byteLength).toBe(SIZE);
        if (keepBytes) expect(result.bytes?.equals(content)).toBe(true);
        else expect(result.bytes).toBeUndefined();
        // Compared with the bytes being written instead of re-hashed: the same verdict.
        const compared = (await verify({ path, id, uid, bytes: content }, keepBytes)) as {
          byteLength: number;
        };
        expect(compared.byteLength).toBe(SIZE);
      });

      it(`${name}, keepBytes ${keepBytes}: content swapped after the write is refused with the full message`, async () => {
        const swapped = Buffer.from(content);
        swapped.writeUInt8(swapped.readUInt8(SIZE - 10) ^ 0xff, SIZE - 10);
        const path = storedFile(swapped);
        const error = await refusal(verify, { path, id, uid }, keepBytes);
        expect(error.code).toBe('verification_failed');
        expect(error.path).toBe(path);
        expect(error.message).toBe(
          `Stored artifact ${path} failed verification: content hashes to ${sha256(swapped)}, not to its name. ` +
            'It was not used; a stored artifact must be a regular file with one link, owned by this user, mode 0600, ' +
            'whose content hashes to its name. Remove the file (or call removeAll()) to store it again.',
        );
      });

      it(`${name}, keepBytes ${keepBytes}: a file that differs from the bytes being written is refused even when the id matches the file`, async () => {
        const path = storedFile();
        const other = Buffer.from(content);
        other.writeUInt8(other.readUInt8(4 * 1024 * 1024 + 100) ^ 0xff, 4 * 1024 * 1024 + 100);
        const error = await refusal(verify, { path, id, uid, bytes: other }, keepBytes);
        expect(error.code).toBe('verification_failed');
        // The synchronous path keeping the bytes compares them in one piece (from byte 0); the others
        // name the chunk that differs (4 MiB is a multiple of both chunk sizes).
        const from = name === 'synchronous' && keepBytes ? 0 : 4 * 1024 * 1024;
        expect(error.message).toContain(
          `: content differs from the bytes being written (which hash to ${id}) from byte ${from} on. It was not used;`,
        );
      });
    }

    for (const keepBytes of [false, true]) {
      it(`${name}, keepBytes ${keepBytes}: a file truncated while it is being read is refused, never trusted`, async () => {
        const size = 16 * 1024 * 1024;
        const path = storedFile(Buffer.alloc(0));
        truncateSync(path, size);
        // Another process cuts the file to nothing and regrows it, over and over, so that sooner or
        // later a read starts past the end the file had when it was checked.
        const truncator = spawn(
          process.execPath,
          [
            '-e',
            `const fs = require('node:fs'); for (;;) { fs.truncateSync(${JSON.stringify(path)}, 0); fs.truncateSync(${JSON.stringify(path)}, ${size}); }`,
          ],
          { stdio: 'ignore' },
        );
        try {
          const deadline = Date.now() + 15_000;
          let shrank: ArtifactStoreError | undefined;
          while (shrank === undefined && Date.now() < deadline) {
            const error = await refusal(verify, { path, id, uid }, keepBytes);
            expect(error.code).toBe('verification_failed');
            if (error.message.includes('shrank')) shrank = error;
            else expect(error.message).toContain('content hashes to');
          }
          expect(shrank?.message).toMatch(
            new RegExp(
              `^Stored artifact ${path} failed verification: it shrank while being read \\((\\d+) of ${size} bytes\\)\\. It was not used;`,
            ),
          );
          const [, done] = /\((\d+) of/.exec(shrank?.message ?? '') ?? [];
          expect(Number(done)).toBeLessThan(size);
        } finally {
          truncator.kill();
        }
      }, 30_000);
    }

    it(`${name}: a file that grows while it is read is judged by the size it had when checked`, async () => {
      const size = 2 * 1024 * 1024 + 1000;
      const path = storedFile(Buffer.alloc(size));
      const grownId = sha256(Buffer.alloc(size));
      // Another process appends zeros and cuts them off again, over and over: bytes past the size
      // the check saw must never be read (they would change the hash of an accepted file).
      const grower = spawn(
        process.execPath,
        [
          '-e',
          `const fs = require('node:fs'); for (;;) { fs.truncateSync(${JSON.stringify(path)}, ${size + 100_000}); fs.truncateSync(${JSON.stringify(path)}, ${size}); }`,
        ],
        { stdio: 'ignore' },
      );
      try {
        let accepted = 0;
        for (let attempt = 0; attempt < 200; attempt += 1) {
          try {
            await verify({ path, id: grownId, uid, byteLength: size }, false);
            accepted += 1;
          } catch (error) {
            if (!ArtifactStoreError.isInstance(error)) throw error;
            expect(error.message).toContain(
              `failed verification: size is ${size + 100_000} bytes, expected ${size}.`,
            );
          }
        }
        expect(accepted).toBeGreaterThan(0);
      } finally {
        grower.kill();
      }
    }, 30_000);

    it(`${name}: a symlink at the path is refused as unsafe_entry, naming the path`, async () => {
      const target = storedFile();
      const link = join(makeTempDir('toolwright-verify-test'), 'link');
      symlinkSync(target, link);
      const error = await refusal(verify, { path: link, id, uid }, false);
      expect(error.code).toBe('unsafe_entry');
      expect(error.path).toBe(link);
      expect(error.message).toBe(
        `Refusing ${link}: it is a symbolic link. Only regular files written by the store are accepted.`,
      );
    });

    it(`${name}: a path that cannot be opened for another reason is an io_failed naming the operation, not a symlink`, async () => {
      const file = storedFile(Buffer.from('x'));
      const path = join(file, 'artifact');
      const error = await refusal(verify, { path, id, uid }, false);
      expect(error.code).toBe('io_failed');
      expect(error.path).toBe(path);
      expect(error.message).toMatch(new RegExp(`^Could not open stored artifact ${path}: ENOTDIR`));
    });

    it(`${name}: no file at the path is reported as absent`, async () => {
      const path = join(makeTempDir('toolwright-verify-test'), 'missing');
      expect(await verify({ path, id, uid }, false)).toBeUndefined();
    });

    it(`${name}: every verification closes the file it opened, accepted or refused`, async () => {
      const path = storedFile();
      const swapped = storedFile(Buffer.from('swapped'));
      await verify({ path, id, uid }, false);
      const before = openDescriptors();
      for (let round = 0; round < 5; round += 1) {
        await verify({ path, id, uid }, false);
        await verify({ path, id, uid, bytes: content }, true);
        await refusal(verify, { path: swapped, id, uid }, false);
      }
      expect(openDescriptors()).toBe(before);
    });
  }
});
