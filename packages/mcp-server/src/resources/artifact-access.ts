import type { Resource } from '@modelcontextprotocol/server';
import type { ArtifactReference } from '@toolwright/spec';

/**
 * Which artifacts a client may read back, and under which URIs: a client reads only the
 * artifacts its own tool results pointed to, never another client's, even though they share one
 * store (ids are content hashes, which a client could otherwise learn elsewhere).
 */
export interface ArtifactAccess {
  /** Makes `record` readable by this client; returns its resource (and `resource_link`) description. */
  grant(record: ArtifactReference): Resource;
  /** The id of the artifact `uri` names when this client may read it, else `undefined`. */
  readableId(uri: string): string | undefined;
  /** The `resources/list` entries of the artifacts this client was given, when they are known here. */
  list(): Resource[];
}
