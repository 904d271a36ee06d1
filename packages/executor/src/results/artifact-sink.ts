/**
 * Where the executor stores what does not belong inline in a conversation: large text (spilled
 * with a head-and-tail preview) and images. `SessionArtifactStore` from `@toolwright/artifacts`
 * satisfies it as it is; the executor depends on this shape only, not on that package. Version
 * 1: the part of `ArtifactSinkV1` of `@toolwright/artifacts` the executor calls.
 */
export interface ArtifactSinkV1 {
  /** Optional here (the executor calls two methods only); a sink that says another version is refused. */
  readonly specificationVersion?: 'v1';
  write(request: {
    kind: string;
    bytes: Uint8Array | string;
    mimeType?: string | undefined;
  }): Promise<{ readonly id: string; readonly byteLength: number }>;
  spill(
    content: string,
    options?: { thresholdBytes?: number | undefined },
  ): Promise<{
    readonly preview: string;
    readonly artifact?:
      | { readonly id: string; readonly kind: string; readonly byteLength: number }
      | undefined;
    readonly omittedBytes: number;
  }>;
}

/** The current version of the sink interface: {@link ArtifactSinkV1}. */
export type ArtifactSink = ArtifactSinkV1;
