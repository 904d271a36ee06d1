import {
  type ArtifactReadResult,
  type ArtifactStoreV1,
  type ReadableArtifactStore,
  SessionArtifactStore,
} from '@toolwright/artifacts';

/**
 * Any session artifact store as the reading helpers of `@toolwright/artifacts` take it
 * (`readArtifactLines`, `searchArtifact`). They read the verified bytes and the record's `id`,
 * `kind`, `mimeType` and `byteLength` only, but their type asks for the local store's record,
 * with the file `path` a shared store has not: a `RedisArtifactStore` is read through its own
 * `read(id)` (which verifies the bytes against the id), with the path left empty. Nothing shows
 * the path: ReadArtifact answers with the id and the lines.
 */
export function readableArtifacts(store: Pick<ArtifactStoreV1, 'read'>): ReadableArtifactStore {
  if (store instanceof SessionArtifactStore) return store;
  return {
    async read(id: string): Promise<ArtifactReadResult> {
      const { record, bytes } = await store.read(id);
      return {
        record: { ...record, path: '', deduplicated: false },
        bytes: Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      };
    },
  };
}
