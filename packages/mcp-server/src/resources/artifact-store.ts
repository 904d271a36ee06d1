/** What this server keeps of a stored artifact (a `SessionArtifactStore`'s `ArtifactRecord` fits). */
export interface McpArtifactRecord {
  readonly id: string;
  readonly kind: string;
  readonly mimeType?: string | undefined;
  readonly byteLength: number;
  readonly sourceUri?: string | undefined;
}

/**
 * Where large and binary tool output is kept and served from as `resources/read`. A
 * `SessionArtifactStore` from `@toolwright/artifacts` satisfies it as it is; any store with the
 * same three methods does.
 */
export interface McpArtifactStore {
  /** Stores bytes; the id is what `read` takes. */
  write(request: {
    kind: string;
    bytes: Uint8Array | string;
    mimeType?: string;
    sourceUri?: string;
  }): Promise<McpArtifactRecord>;
  /** The bytes of an artifact and its record (verified, for `SessionArtifactStore`). */
  read(id: string): Promise<{ readonly record: McpArtifactRecord; readonly bytes: Uint8Array }>;
  /** Stores text over `thresholdBytes` whole and returns a head-and-tail preview naming it. */
  spill(
    content: string,
    options?: { thresholdBytes?: number },
  ): Promise<{
    readonly spilled: boolean;
    readonly preview: string;
    readonly artifact?: McpArtifactRecord | undefined;
    readonly omittedBytes: number;
  }>;
}
