import type { ReadResourceResult, Resource } from '@modelcontextprotocol/server';
import type { ArtifactReference, ArtifactStoreV1 } from '@toolwright/spec';
import type { ArtifactAccess } from './artifact-access.js';
import { artifactResourceUri } from './artifact-uri.js';
import type { GrantedArtifacts } from './granted-artifacts.js';
import { decodeText, isTextMimeType } from './text-mime.js';

/**
 * The artifacts one 2025 MCP session was given, and only those: a session lists and reads the
 * artifacts its own tool results pointed to, never another session's, even though sessions
 * share one store (ids are content hashes, which a client could otherwise learn elsewhere). The
 * links carry grants signed for the session, so that any replica of a fleet serves their reads;
 * the list is of what this process gave.
 */
export class SessionArtifacts implements ArtifactAccess {
  readonly #records = new Map<string, ArtifactReference>();
  readonly #grants: GrantedArtifacts;
  readonly #onAdded: () => void;

  /** `onAdded` is called when an artifact joins the session's list (not when it is given again). */
  constructor(grants: GrantedArtifacts, onAdded: () => void = () => {}) {
    this.#grants = grants;
    this.#onAdded = onAdded;
  }

  /** Makes `record` readable by this session. */
  grant(record: ArtifactReference): Resource {
    const known = this.#records.has(record.id);
    this.#records.set(record.id, record);
    if (!known) this.#onAdded();
    return this.#grants.grant(record);
  }

  readableId(uri: string): string | undefined {
    return this.#grants.readableId(uri);
  }

  /** The `resources/list` entries of this session's artifacts, in the order they were given. */
  list(): Resource[] {
    return [...this.#records.values()].map((record) => this.#grants.grant(record));
  }
}

/** The resource (and `resource_link`) description of an artifact. */
export function artifactResource(record: ArtifactReference): Resource {
  return {
    uri: artifactResourceUri(record.id),
    name: `artifact-${record.id.slice(0, 12)}`,
    title: `${record.kind} artifact (${record.byteLength} bytes)`,
    ...(record.mimeType === undefined ? {} : { mimeType: record.mimeType }),
    size: record.byteLength,
    ...(record.sourceUri === undefined ? {} : { description: `stored from ${record.sourceUri}` }),
  };
}

/** The `resources/read` contents of artifact `id`: text when it is text, else a base64 blob. */
export async function readArtifactContents(
  store: ArtifactStoreV1,
  id: string,
  uri: string,
): Promise<ReadResourceResult['contents']> {
  const { record, bytes } = await store.read(id);
  const mimeType = record.mimeType ?? 'application/octet-stream';
  const text = isTextMimeType(record.mimeType) ? decodeText(bytes) : undefined;
  return text === undefined
    ? [{ uri, mimeType, blob: Buffer.from(bytes).toString('base64') }]
    : [{ uri, mimeType, text }];
}
