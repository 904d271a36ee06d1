/**
 * A reference to output kept out of the model's context, stored by content hash: what a tool
 * result lists under `artifacts` and what every artifact sink gives back for a stored item.
 * A store may return more (the file path of `SessionArtifactStore`'s `ArtifactRecord`); the
 * packages that take a sink read only these fields, so a sink that keeps bytes elsewhere than in
 * files implements the interface without inventing a path.
 */
export interface ArtifactReference {
  /** The store's id for it (its content hash). */
  readonly id: string;
  /** What it is, e.g. `'tool-output'`, `'image'`. */
  readonly kind: string;
  readonly mimeType?: string;
  /** Size of the stored bytes. */
  readonly byteLength: number;
  /** Where it came from (an MCP resource URI, a URL), when known. */
  readonly sourceUri?: string;
}
