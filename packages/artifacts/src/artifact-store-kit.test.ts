import { writeFileSync } from 'node:fs';
import { describeArtifactStoreKit, makeTempDir } from '@toolwright/test-support';
import { describe } from 'vitest';
import { ArtifactStoreError, SessionArtifactStore } from './index.js';

// The behaviours every artifact store of toolwright keeps (the same kit runs against the Redis
// store in @toolwright/redis), here on real files, with their modes checked.
describe('SessionArtifactStore keeps the artifact store kit', () => {
  const root = makeTempDir('toolwright-artifact-kit');
  describeArtifactStoreKit({
    open: (options) => new SessionArtifactStore({ root, ...options }),
    tamper: async (store, id, bytes) => {
      const record = (await store.list()).find((listed) => listed.id === id);
      if (record === undefined) throw new Error(`no artifact ${id} to tamper with`);
      // The same file, its mode and owner kept: only its content changes.
      writeFileSync(record.path, bytes);
    },
    errorClass: ArtifactStoreError,
    fileModes: true,
  });
});
