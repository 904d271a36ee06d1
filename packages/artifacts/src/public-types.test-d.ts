import type { ArtifactReference, SpillResult as SinkSpillResult } from '@toolwright/spec';
import { describe, expectTypeOf, it } from 'vitest';
import type { ArtifactSink, ArtifactSinkV1, ArtifactStoreV1 } from './artifact-sink.js';
import type { SessionArtifactStore } from './session-artifact-store.js';
import type { ArtifactRecord, SpillResult } from './types.js';

describe('ArtifactSinkV1', () => {
  it('is implemented by SessionArtifactStore, with reading (ArtifactStoreV1), and ArtifactSink is its alias', () => {
    expectTypeOf<SessionArtifactStore>().toMatchTypeOf<ArtifactSinkV1>();
    expectTypeOf<SessionArtifactStore>().toMatchTypeOf<ArtifactStoreV1>();
    expectTypeOf<ArtifactSink>().toEqualTypeOf<ArtifactSinkV1>();
    expectTypeOf<ArtifactSinkV1['specificationVersion']>().toEqualTypeOf<'v1'>();
  });

  it('writes to a reference and spills to a result; the store returns its fuller record', () => {
    expectTypeOf<ArtifactSinkV1['write']>().returns.toEqualTypeOf<Promise<ArtifactReference>>();
    expectTypeOf<ArtifactSinkV1['spill']>().returns.toEqualTypeOf<Promise<SinkSpillResult>>();
    expectTypeOf<SessionArtifactStore['write']>().returns.toEqualTypeOf<Promise<ArtifactRecord>>();
    expectTypeOf<SessionArtifactStore['spill']>().returns.toEqualTypeOf<Promise<SpillResult>>();
    expectTypeOf<ArtifactRecord>().toMatchTypeOf<ArtifactReference>();
    expectTypeOf<SessionArtifactStore['read']>()
      .returns.resolves.toHaveProperty('bytes')
      .toMatchTypeOf<Uint8Array>();
  });

  it('a sink without the version literal is not one', () => {
    const unversioned = { write: async () => ({}) as ArtifactRecord, spill: async () => ({}) as SpillResult };
    expectTypeOf(unversioned).not.toMatchTypeOf<ArtifactSinkV1>();
  });
});
