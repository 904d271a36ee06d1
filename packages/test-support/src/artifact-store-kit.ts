import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RecognisableErrorClass } from './thrown-by.js';
import { rejectionOf } from './thrown-by.js';

// The behaviours every artifact store of toolwright keeps, written once and run against each
// (the local SessionArtifactStore, the Redis store): what a host and a model rely on, whichever
// store a deployment picks. Typed by shape, not by @toolwright/spec, so that this private
// package depends on no workspace package.

/** A stored artifact's reference, as every store returns it. */
export interface KitArtifactRecord {
  readonly id: string;
  readonly kind: string;
  readonly byteLength: number;
  readonly mimeType?: string;
  readonly sourceUri?: string;
  readonly deduplicated: boolean;
}

/** The store operations the kit drives: the spec's `ArtifactStoreV1`, with `list` and `removeAll`. */
export interface KitArtifactStore {
  write(request: {
    kind: string;
    bytes: Uint8Array | string;
    mimeType?: string;
    sourceUri?: string;
  }): Promise<KitArtifactRecord>;
  read(id: string): Promise<{ readonly record: KitArtifactRecord; readonly bytes: Uint8Array }>;
  list(): Promise<readonly KitArtifactRecord[]>;
  removeAll(): Promise<void>;
  spill(
    content: string | Uint8Array,
    options?: { thresholdBytes?: number; headBytes?: number; tailBytes?: number },
  ): Promise<{
    readonly spilled: boolean;
    readonly preview: string;
    readonly omittedBytes: number;
    readonly artifact?: KitArtifactRecord | undefined;
  }>;
}

/** What a store of the kit is opened with: the options every store shares. */
export interface KitStoreOptions {
  readonly namespace: string;
  readonly sessionId: string;
  readonly limits?: { maxItemBytes?: number; maxItems?: number; maxSessionBytes?: number };
}

/** How the kit makes and attacks the store under test. */
export interface ArtifactStoreKit<Store extends KitArtifactStore> {
  /**
   * A store of `options`. Stores opened with the same namespace and session in one test share
   * what they hold (as a fleet's workers, or two processes, do); each test uses fresh sessions.
   */
  open(options: KitStoreOptions): Store | Promise<Store>;
  /** Replaces the stored bytes of artifact `id` by `bytes` behind the store's back (an attacker, a disk fault). */
  tamper(store: Store, id: string, bytes: Uint8Array): Promise<void>;
  /** The error class every refusal of the kit's behaviours is (`ArtifactStoreError`). */
  readonly errorClass: RecognisableErrorClass<Error & { readonly code: string }>;
  /**
   * Stores that keep files: each record has a `path`, a file 0600 in a directory 0700 of the
   * process user. The kit checks them after a write.
   */
  readonly fileModes?: boolean;
}

const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');

let sessions = 0;
/** A session id no other test of the run uses. */
function freshSession(): string {
  sessions += 1;
  return `kit-${process.pid}-${Date.now().toString(36)}-${sessions}`;
}

/** Declares the kit's tests in the calling `describe`, against the store `kit` opens. */
export function describeArtifactStoreKit<Store extends KitArtifactStore>(kit: ArtifactStoreKit<Store>): void {
  const open = async (options: Partial<KitStoreOptions> = {}): Promise<Store> =>
    kit.open({ namespace: 'kit', sessionId: freshSession(), ...options });
  const refusal = (pending: Promise<unknown>) => rejectionOf(pending, kit.errorClass);

  describe('content addressing', () => {
    it('names an artifact by the SHA-256 of its bytes and returns the request as its record; a string is stored as UTF-8', async () => {
      const store = await open();
      const record = await store.write({
        kind: 'screenshot',
        bytes: Buffer.from('png bytes'),
        mimeType: 'Image/PNG; charset=binary',
        sourceUri: 'https://example.com/a.png',
      });
      expect(record).toMatchObject({
        id: sha256('png bytes'),
        kind: 'screenshot',
        byteLength: 9,
        mimeType: 'image/png',
        sourceUri: 'https://example.com/a.png',
        deduplicated: false,
      });
      const text = await store.write({ kind: 'note', bytes: 'héllo' });
      expect(text).toMatchObject({ id: sha256(Buffer.from('héllo', 'utf8')), byteLength: 6 });
      expect(text.mimeType).toBeUndefined();
    });

    it('stores the same bytes once: a second write is a de-duplicated hit, listed once and not counted again', async () => {
      const store = await open({ limits: { maxItems: 2 } });
      const first = await store.write({ kind: 'a', bytes: 'same bytes' });
      const second = await store.write({ kind: 'a', bytes: 'same bytes' });
      expect(second).toMatchObject({ id: first.id, deduplicated: true });
      expect((await store.list()).map((record) => record.id)).toEqual([first.id]);
      // The hit took no room: one more distinct artifact still fits under maxItems 2.
      await store.write({ kind: 'a', bytes: 'other bytes' });
      expect(await store.list()).toHaveLength(2);
    });
  });

  describe('reading back', () => {
    it('reads back the exact bytes and the record of the first write, from another store of the same session too', async () => {
      const sessionId = freshSession();
      const writer = await open({ sessionId });
      const bytes = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
      const written = await writer.write({ kind: 'binary', bytes, mimeType: 'application/octet-stream' });
      const reader = await open({ sessionId });
      const { record, bytes: read } = await reader.read(written.id);
      expect(Buffer.from(read).equals(bytes)).toBe(true);
      expect(record).toMatchObject({
        id: written.id,
        kind: 'binary',
        byteLength: 7,
        mimeType: 'application/octet-stream',
      });
      expect((await reader.list()).map((listed) => listed.id)).toEqual([written.id]);
    });

    it('lists records sorted by id, with their kinds', async () => {
      const store = await open();
      const records = await Promise.all(
        ['one', 'two', 'three'].map((text) => store.write({ kind: text, bytes: text })),
      );
      const listed = await store.list();
      expect(listed.map((record) => record.id)).toEqual(records.map((record) => record.id).sort());
      expect(listed.map((record) => record.kind).sort()).toEqual(['one', 'three', 'two']);
    });

    it('refuses tampered bytes with verification_failed naming the artifact, and never returns them', async () => {
      const store = await open();
      const record = await store.write({ kind: 'a', bytes: 'the original bytes' });
      // Same length, other content: only the hash can tell.
      await kit.tamper(store, record.id, Buffer.from('the forged   bytes'));
      const error = await refusal(store.read(record.id));
      expect(error.code).toBe('verification_failed');
      expect(error.message).toContain(record.id);
      expect(error.message).not.toContain('forged');
      // A write of the original bytes is no de-duplicated hit on the tampered copy either.
      const rewrite = await refusal(store.write({ kind: 'a', bytes: 'the original bytes' }));
      expect(rewrite.code).toBe('verification_failed');
      expect(rewrite.message).toContain(record.id);
    });

    it('says not_found for an id the session does not hold, and invalid_request for what is no id', async () => {
      const store = await open();
      const missing = await refusal(store.read(sha256('never written')));
      expect(missing.code).toBe('not_found');
      expect(missing.message).toContain(sha256('never written'));
      for (const bad of ['../etc/passwd', 'A'.repeat(64), '*']) {
        const error = await refusal(store.read(bad));
        expect(error.code).toBe('invalid_request');
        expect(error.message).toContain('64 lowercase hex digits');
      }
    });
  });

  describe('quotas', () => {
    it('refuses an item over maxItemBytes with item_too_large, naming the limit', async () => {
      const store = await open({ limits: { maxItemBytes: 8 } });
      const error = await refusal(store.write({ kind: 'big', bytes: '123456789' }));
      expect(error.code).toBe('item_too_large');
      expect(error.message).toContain('limits.maxItemBytes (8 bytes)');
      expect(await store.list()).toEqual([]);
    });

    it('refuses one item past maxItems with too_many_items', async () => {
      const store = await open({ limits: { maxItems: 2 } });
      await store.write({ kind: 'a', bytes: 'one' });
      await store.write({ kind: 'a', bytes: 'two' });
      const error = await refusal(store.write({ kind: 'a', bytes: 'three' }));
      expect(error.code).toBe('too_many_items');
      expect(error.message).toContain('limits.maxItems (2)');
      expect(await store.list()).toHaveLength(2);
    });

    it('refuses bytes past maxSessionBytes with session_quota_exceeded, saying how much still fits', async () => {
      const store = await open({ limits: { maxSessionBytes: 10 } });
      await store.write({ kind: 'a', bytes: '1234567' });
      const error = await refusal(store.write({ kind: 'a', bytes: 'abcd' }));
      expect(error.code).toBe('session_quota_exceeded');
      expect(error.message).toContain('at most 3 more bytes fit');
      await store.write({ kind: 'a', bytes: 'abc' });
      expect(await store.list()).toHaveLength(2);
    });

    it('holds maxItems exactly under 50 concurrent writes from stores of one session', async () => {
      const sessionId = freshSession();
      const stores = await Promise.all(
        Array.from({ length: 5 }, () => open({ sessionId, limits: { maxItems: 20 } })),
      );
      const outcomes = await Promise.allSettled(
        Array.from({ length: 50 }, (_, index) =>
          stores[index % stores.length]!.write({ kind: 'race', bytes: `artifact number ${index}` }),
        ),
      );
      const stored = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      expect(stored).toHaveLength(20);
      for (const outcome of outcomes)
        if (outcome.status === 'rejected')
          expect((outcome.reason as { code?: unknown }).code, String(outcome.reason)).toBe('too_many_items');
      expect(await stores[0]!.list()).toHaveLength(20);
    });
  });

  describe('isolation and removal', () => {
    it('keeps sessions and namespaces apart: neither lists nor reads the other', async () => {
      const sessionId = freshSession();
      const store = await open({ sessionId });
      const record = await store.write({ kind: 'a', bytes: 'private to one session' });
      for (const other of [await open(), await open({ sessionId, namespace: 'kit-other' })]) {
        expect(await other.list()).toEqual([]);
        expect((await refusal(other.read(record.id))).code).toBe('not_found');
      }
    });

    it('removeAll removes every artifact and frees the quotas; the store keeps working', async () => {
      const store = await open({ limits: { maxItems: 1 } });
      const record = await store.write({ kind: 'a', bytes: 'to be removed' });
      await store.removeAll();
      expect(await store.list()).toEqual([]);
      expect((await refusal(store.read(record.id))).code).toBe('not_found');
      const again = await store.write({ kind: 'a', bytes: 'after removal' });
      expect(again.deduplicated).toBe(false);
      expect((await store.list()).map((listed) => listed.id)).toEqual([again.id]);
    });
  });

  describe('spill', () => {
    it('returns small text as it is, and stores large text whole behind a head-and-tail preview naming it', async () => {
      const store = await open();
      expect(await store.spill('short', { thresholdBytes: 100 })).toEqual({
        spilled: false,
        preview: 'short',
        omittedBytes: 0,
      });
      const lines = Array.from({ length: 200 }, (_, index) => `line ${index}`).join('\n');
      const spilled = await store.spill(lines, { thresholdBytes: 100, headBytes: 40, tailBytes: 30 });
      expect(spilled.spilled).toBe(true);
      const id = sha256(lines);
      expect(spilled.artifact).toMatchObject({ id, kind: 'tool-output', mimeType: 'text/plain' });
      expect(spilled.preview.startsWith('line 0\n')).toBe(true);
      expect(spilled.preview.endsWith('line 199')).toBe(true);
      expect(spilled.preview).toContain(`full output stored as artifact ${id} (text/plain,`);
      expect(spilled.preview).toContain(`ReadArtifact {"id":"${id}","offset":`);
      expect(Buffer.from((await store.read(id)).bytes).toString('utf8')).toBe(lines);
    });

    it('previews binary content by a marker line only', async () => {
      const store = await open();
      const spilled = await store.spill(new Uint8Array([0, 159, 146, 150]), { thresholdBytes: 100 });
      expect(spilled.preview).toBe(
        `[binary output of 4 bytes not shown — stored as artifact ${sha256(new Uint8Array([0, 159, 146, 150]))} (application/octet-stream)]`,
      );
    });
  });

  describe('bad input', () => {
    it('names the bad field of a write request and what is accepted, storing nothing', async () => {
      const store = await open();
      const cases: Array<[unknown, string]> = [
        [{ kind: '', bytes: 'x' }, 'kind must be a non-empty string'],
        [{ kind: 'a', bytes: 42 }, 'bytes must be a Uint8Array'],
        [{ kind: 'a', bytes: 'x', mimeType: 'png' }, 'mimeType must be a MIME type'],
        [{ kind: 'a', bytes: 'x', mimetype: 'text/plain' }, 'mimetype'],
      ];
      for (const [request, words] of cases) {
        const error = await refusal(store.write(request as never));
        expect(error.code).toBe('invalid_request');
        expect(error.message).toContain(words);
      }
      expect(await store.list()).toEqual([]);
    });

    it('names a bad spill option', async () => {
      const store = await open();
      const error = await refusal(store.spill('x', { thresholdBytes: -1 }));
      expect(error.code).toBe('invalid_option');
      expect(error.message).toContain('thresholdBytes');
    });
  });

  if (kit.fileModes === true) {
    describe('private files', () => {
      it('keeps each artifact in a file 0600 of this user, in a directory 0700', async () => {
        const store = await open();
        const record = (await store.write({ kind: 'a', bytes: 'private' })) as KitArtifactRecord & {
          readonly path: string;
        };
        expect(statSync(record.path).mode & 0o7777).toBe(0o600);
        expect(statSync(record.path).uid).toBe(process.getuid?.());
        expect(statSync(dirname(record.path)).mode & 0o7777).toBe(0o700);
      });
    });
  }
}
