import { type Adaptation, adaptInterface } from '../adaptation.js';
import type { ArtifactSinkV1, ArtifactWriteRequest, SpillOptions } from './artifact-sink-v1.js';
import type { ArtifactStoreV1 } from './artifact-store-v1.js';

const SINK_METHODS = ['write', 'spill'] as const;
const STORE_METHODS = ['write', 'spill', 'read'] as const;

/**
 * `value` as an {@link ArtifactSinkV1}, for a package that takes a host's sink: a `v1` sink as it
 * is, a sink that says no `specificationVersion` wrapped as `v1` (calls go to its own methods),
 * any other version refused with `unsupported_specification_version` naming both versions.
 *
 * @param acceptedBy the package and its version line, e.g. `'@toolwright/executor 0.x'`
 */
export function asArtifactSinkV1(value: unknown, acceptedBy: string): Adaptation<ArtifactSinkV1> {
  return adaptInterface<ArtifactSinkV1>('ArtifactSink', SINK_METHODS, value, acceptedBy, (sink) =>
    Object.freeze({
      specificationVersion: 'v1',
      write: (request: ArtifactWriteRequest) => sink.write(request),
      spill: (content: string | Uint8Array, options?: SpillOptions) => sink.spill(content, options),
    }),
  );
}

/** `value` as an {@link ArtifactStoreV1}: as {@link asArtifactSinkV1}, with `read` as well. */
export function asArtifactStoreV1(value: unknown, acceptedBy: string): Adaptation<ArtifactStoreV1> {
  return adaptInterface<ArtifactStoreV1>('ArtifactStore', STORE_METHODS, value, acceptedBy, (store) =>
    Object.freeze({
      specificationVersion: 'v1',
      write: (request: ArtifactWriteRequest) => store.write(request),
      spill: (content: string | Uint8Array, options?: SpillOptions) => store.spill(content, options),
      read: (id: string) => store.read(id),
    }),
  );
}
