import {
  describeSpecificationVersionProblem,
  previewValue,
  UNSUPPORTED_SPECIFICATION_VERSION,
} from '@toolwright/utils';
import { type Adaptation, adapted, NOT_AN_IMPLEMENTATION, refused } from '../adaptation.js';
import type { ArtifactSinkV1, ArtifactWriteRequest, SpillOptions } from './artifact-sink-v1.js';
import type { ArtifactStoreV1 } from './artifact-store-v1.js';

type Methods = readonly string[];
const SINK_METHODS: Methods = ['write', 'spill'];
const STORE_METHODS: Methods = ['write', 'spill', 'read'];

function missingMethods(value: object, methods: Methods): string[] {
  return methods.filter((name) => typeof (value as Record<string, unknown>)[name] !== 'function');
}

/**
 * The common path of the artifact adapters. A `v1` object is taken as it is. An object that says
 * no version but has the members is taken as `v1` through a wrapper that says so: the field is
 * how a later version is told apart, and an implementation written without it has the `v1`
 * shape. Any other version is refused by name, as is an object without the members.
 */
function adaptArtifactInterface<T extends ArtifactSinkV1>(
  interfaceName: string,
  methods: Methods,
  value: unknown,
  acceptedBy: string,
  wrap: (unversioned: Omit<T, 'specificationVersion'>) => T,
): Adaptation<T> {
  const problem = describeSpecificationVersionProblem(interfaceName, value, acceptedBy);
  if (problem !== undefined) return refused(UNSUPPORTED_SPECIFICATION_VERSION, problem);
  const expected = `an object with ${methods.join(', ')} functions`;
  if (typeof value !== 'object' || value === null)
    return refused(
      NOT_AN_IMPLEMENTATION,
      `expected an ${interfaceName} (${expected}), got ${previewValue(value)}`,
    );
  const missing = missingMethods(value, methods);
  if (missing.length > 0)
    return refused(
      NOT_AN_IMPLEMENTATION,
      `this ${interfaceName} has no ${missing.join(' or ')} function; expected ${expected}`,
    );
  if ((value as { specificationVersion?: unknown }).specificationVersion === 'v1') return adapted(value as T);
  return adapted(wrap(value as Omit<T, 'specificationVersion'>));
}

/**
 * `value` as an {@link ArtifactSinkV1}, for a package that takes a host's sink: a `v1` sink as it
 * is, a sink that says no `specificationVersion` wrapped as `v1` (calls go to its own methods),
 * any other version refused with `unsupported_specification_version` naming both versions.
 *
 * @param acceptedBy the package and its version line, e.g. `'@toolwright/executor 0.x'`
 */
export function asArtifactSinkV1(value: unknown, acceptedBy: string): Adaptation<ArtifactSinkV1> {
  return adaptArtifactInterface<ArtifactSinkV1>('ArtifactSink', SINK_METHODS, value, acceptedBy, (sink) =>
    Object.freeze({
      specificationVersion: 'v1',
      write: (request: ArtifactWriteRequest) => sink.write(request),
      spill: (content: string | Uint8Array, options?: SpillOptions) => sink.spill(content, options),
    }),
  );
}

/** `value` as an {@link ArtifactStoreV1}: as {@link asArtifactSinkV1}, with `read` as well. */
export function asArtifactStoreV1(value: unknown, acceptedBy: string): Adaptation<ArtifactStoreV1> {
  return adaptArtifactInterface<ArtifactStoreV1>('ArtifactStore', STORE_METHODS, value, acceptedBy, (store) =>
    Object.freeze({
      specificationVersion: 'v1',
      write: (request: ArtifactWriteRequest) => store.write(request),
      spill: (content: string | Uint8Array, options?: SpillOptions) => store.spill(content, options),
      read: (id: string) => store.read(id),
    }),
  );
}
