import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, withSyscallFault } from '@toolwright/test-support';
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
      it(`${name}, keepBytes ${keepBytes}: a file cut short while it is being read is refused, never trusted`, async (context) => {
        const path = storedFile();
        // Another process truncates the file after it was checked: the read that follows finds its
        // end (returns 0). On the synchronous path that is made to happen at the second read, or at
        // the first where one read takes the whole file (keeping the bytes). The asynchronous reads
        // run on libuv's threads, where strace neither matches a descriptor to its path nor counts
        // calls across threads: there the first read of whichever thread does it finds the end.
        const firstRead = name === 'synchronous' && !keepBytes ? 256 * 1024 : 0;
        const outcome = await withSyscallFault(
          {
            path: name === 'synchronous' ? path : undefined,
            syscall: 'pread64',
            retval: 0,
            when: firstRead === 0 ? '1' : '2',
          },
          () => refusal(verify, { path, id, uid }, keepBytes),
        );
        if (outcome === undefined) return context.skip();
        expect(outcome.result.code).toBe('verification_failed');
        expect(outcome.result.message).toBe(
          `Stored artifact ${path} failed verification: it shrank while being read (${firstRead} of ${SIZE} bytes). ` +
            'It was not used; a stored artifact must be a regular file with one link, owned by this user, mode 0600, ' +
            'whose content hashes to its name. Remove the file (or call removeAll()) to store it again.',
        );
      });
    }

    it(`${name}: a read that returns fewer bytes than asked is followed by one for the rest only`, async (context) => {
      const path = storedFile();
      // The first read of the file is made to return 1000 bytes (what it leaves unread is never
      // filled, so the verdict may go either way): the next read must ask for what is left, not
      // for more than the buffer holds.
      const outcome = await withSyscallFault(
        { path: name === 'synchronous' ? path : undefined, syscall: 'pread64', retval: 1000, when: '1' },
        async () => {
          try {
            return await verify({ path, id, uid }, true);
          } catch (error) {
            if (ArtifactStoreError.isInstance(error)) return error;
            throw error;
          }
        },
      );
      if (outcome === undefined) return context.skip();
      const verdict = outcome.result as ArtifactStoreError | { byteLength: number };
      if (ArtifactStoreError.isInstance(verdict)) expect(verdict.code).toBe('verification_failed');
      else expect(verdict.byteLength).toBe(SIZE);
    });

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
        // At least 200 rounds, and until one was accepted: whichever size the grower left the file
        // at when a round checked it, no round may read past the size it checked.
        for (let attempt = 0; attempt < 200 || accepted === 0; attempt += 1) {
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
      } finally {
        grower.kill();
      }
    }, 120_000);

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
