import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Resource } from '@modelcontextprotocol/server';
import type { ArtifactReference } from '@toolwright/spec';
import type { ArtifactAccess } from './artifact-access.js';
import { ARTIFACT_URI_PREFIX, artifactIdOf } from './artifact-uri.js';
import { artifactResource } from './session-artifacts.js';

/** Bytes of the HMAC kept in a grant: 128 bits, far past guessing. */
const GRANT_BYTES = 16;

/**
 * Artifact access where no one process remembers what a client was given (a stateless
 * 2026-07-28 request; a 2025 session of a fleet, served by any replica): the `resource_link` URI
 * itself carries the grant, an HMAC of the artifact id and of who it was given to. Any replica
 * holding the same key verifies it, so a link one replica returned is read back through
 * whichever replica answers, and a client cannot forge a link to an artifact it was not given.
 */
export class GrantedArtifacts implements ArtifactAccess {
  readonly #key: Uint8Array;
  readonly #holder: () => string;

  /**
   * `holder` names who the grants are for: the authenticated client of a stateless request (or
   * `''`), the session of a 2025 one (read when a grant is made or checked: a session learns its
   * id as it opens).
   */
  constructor(key: Uint8Array, holder: string | (() => string)) {
    this.#key = key;
    this.#holder = typeof holder === 'string' ? () => holder : holder;
  }

  grant(record: ArtifactReference): Resource {
    const resource = artifactResource(record);
    return { ...resource, uri: `${resource.uri}?grant=${this.#grantOf(record.id).toString('base64url')}` };
  }

  readableId(uri: string): string | undefined {
    const query = uri.indexOf('?');
    if (query === -1 || !uri.startsWith(ARTIFACT_URI_PREFIX)) return undefined;
    const id = artifactIdOf(uri);
    const grant = new URLSearchParams(uri.slice(query + 1)).get('grant');
    if (id === undefined || grant === null) return undefined;
    const given = Buffer.from(grant, 'base64url');
    const expected = this.#grantOf(id);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined;
  }

  /** Nothing: a stateless server keeps no list of what it gave. */
  list(): Resource[] {
    return [];
  }

  #grantOf(id: string): Buffer {
    // The NUL keeps (holder, id) pairs apart: neither contains one.
    return createHmac('sha256', this.#key)
      .update(`${this.#holder()}\0${id}`)
      .digest()
      .subarray(0, GRANT_BYTES);
  }
}
