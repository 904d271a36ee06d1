import type { ContentBlock } from '@modelcontextprotocol/client';
import type { ArtifactReference, LlmContentPart } from '@toolwright/contracts';
import type { ArtifactSinkV1 } from '@toolwright/spec';
import {
  checkOption,
  checkOptions,
  describeRenamedOptionProblem,
  type OptionTable,
  POSITIVE_SAFE_INTEGER,
  previewText,
  renamedOptionValue,
} from '@toolwright/utils';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import { invalidOption } from './invalid-option.js';
import { headAndTailOfUnstored } from './lazy-head-and-tail.js';
import { markUntrusted } from './untrusted-text.js';

/** When server output is kept inline and when it goes to the artifact store. */
export interface OutputRoutingOptions {
  /** Text parts larger than this (UTF-8 bytes) become a head-and-tail preview plus an artifact; default 32 KiB. */
  readonly spillThresholdBytes: number;
  /** Images up to this size are also inlined for the model (they are always stored); default 256 KiB. */
  readonly inlineImageMaxBytes: number;
  /** @deprecated use `spillThresholdBytes` (the same value); removed in the next minor. */
  readonly textThresholdBytes?: number;
}

/**
 * The defaults of {@link OutputRoutingOptions}. `textThresholdBytes` repeats `spillThresholdBytes`
 * until the next minor, for a host that reads the default under its former name.
 */
export const DEFAULT_OUTPUT_ROUTING: OutputRoutingOptions = Object.freeze({
  spillThresholdBytes: 32 * 1024,
  inlineImageMaxBytes: 256 * 1024,
  textThresholdBytes: 32 * 1024,
});

const ROUTING_NAMES: OptionTable<OutputRoutingOptions> = {
  spillThresholdBytes: { kind: 'custom' },
  inlineImageMaxBytes: { kind: 'custom' },
  textThresholdBytes: { kind: 'custom' },
};

/**
 * `output` (all, some or none) over {@link DEFAULT_OUTPUT_ROUTING}, checked by name and value:
 * the spill threshold is at least 1 byte, the inline image cap may be 0 (never inline).
 */
export function resolveOutputRouting(
  owner: string,
  output: Partial<OutputRoutingOptions> | undefined,
): OutputRoutingOptions {
  if (output === undefined) return DEFAULT_OUTPUT_ROUTING;
  checkOptions(owner, output, ROUTING_NAMES, invalidOption);
  const renamed = describeRenamedOptionProblem(owner, output, 'spillThresholdBytes', 'textThresholdBytes');
  if (renamed !== undefined) throw new McpAdapterError(McpAdapterErrorCode.InvalidOption, renamed);
  const spillThresholdBytes = renamedOptionValue(output, 'spillThresholdBytes', 'textThresholdBytes');
  checkOption(owner, 'spillThresholdBytes', spillThresholdBytes, POSITIVE_SAFE_INTEGER, invalidOption);
  checkOption(
    owner,
    'inlineImageMaxBytes',
    output.inlineImageMaxBytes,
    { kind: 'number', min: 0, max: Number.MAX_SAFE_INTEGER, integer: true },
    invalidOption,
  );
  return {
    spillThresholdBytes:
      (spillThresholdBytes as number | undefined) ?? DEFAULT_OUTPUT_ROUTING.spillThresholdBytes,
    inlineImageMaxBytes: output.inlineImageMaxBytes ?? DEFAULT_OUTPUT_ROUTING.inlineImageMaxBytes,
  };
}

/** A content part the artifact store refused: the model got a preview or a description instead. */
export interface UnstoredPart {
  readonly type: 'text' | 'image' | 'audio' | 'blob';
  readonly byteLength: number;
  /** The store's reason (its error message), e.g. over `limits.maxItemBytes`. */
  readonly reason: string;
}

/** What routing a list of MCP content parts produced. */
export interface RoutedContent {
  readonly parts: LlmContentPart[];
  readonly artifacts: ArtifactReference[];
  /** Parts the store refused (each reported in `parts` too); empty when all were stored. */
  readonly unstored: UnstoredPart[];
}

/** The store's reason for refusing a part, on one line and bounded. */
function storeFailure(error: unknown): string {
  return previewText(error instanceof Error ? error.message : String(error), 500);
}

/** The contents of a read or embedded resource: text or a base64 blob. */
export type ResourceContents = { uri: string; mimeType?: string | undefined } & (
  | { text: string }
  | { blob: string }
);

function reference(record: {
  id: string;
  kind: string;
  mimeType?: string | undefined;
  byteLength: number;
  sourceUri?: string | undefined;
}): ArtifactReference {
  return {
    id: record.id,
    kind: record.kind,
    byteLength: record.byteLength,
    ...(record.mimeType === undefined ? {} : { mimeType: record.mimeType }),
    ...(record.sourceUri === undefined ? {} : { sourceUri: record.sourceUri }),
  };
}

/**
 * Turns MCP content (tool results, read resources, prompt messages) into parts for the model,
 * keeping every part: text (marked untrusted; large text spilled to the artifact store as a
 * preview), images (stored; inlined when small), audio and blobs (stored, described),
 * embedded resources and resource links (described with their URI).
 */
export class ContentRouter {
  readonly #server: string;
  readonly #sink: ArtifactSinkV1;
  readonly #options: OutputRoutingOptions;
  readonly parts: LlmContentPart[] = [];
  readonly artifacts: ArtifactReference[] = [];
  readonly unstored: UnstoredPart[] = [];

  constructor(server: string, sink: ArtifactSinkV1, options: OutputRoutingOptions) {
    this.#server = server;
    this.#sink = sink;
    this.#options = options;
  }

  /** The routed parts and artifact references so far. */
  result(): RoutedContent {
    return { parts: this.parts, artifacts: this.artifacts, unstored: this.unstored };
  }

  /** Adds host-written text (not from the server, so not marked). */
  addHostText(text: string): void {
    this.parts.push({ type: 'text', text });
  }

  /** Adds server text: marked untrusted, spilled to the store when over the threshold. */
  async addText(text: string, label?: string, sourceUri?: string): Promise<void> {
    // Fast path: text that cannot be over the threshold even at 3 bytes a code unit skips the store.
    if (text.length * 3 <= this.#options.spillThresholdBytes) {
      this.parts.push({ type: 'text', text: markUntrusted(this.#server, text, label) });
      return;
    }
    let spill: Awaited<ReturnType<ArtifactSinkV1['spill']>>;
    try {
      spill = await this.#sink.spill(text, {
        thresholdBytes: this.#options.spillThresholdBytes,
        kind: 'mcp-text',
        mimeType: 'text/plain',
      });
    } catch (error) {
      // The store refused it (too large for one artifact, quota, disk): this part alone
      // becomes a preview with the reason; the other parts of the result still arrive.
      await this.#addUnstoredText(text, storeFailure(error), label);
      return;
    }
    if (!spill.spilled || spill.artifact === undefined) {
      this.parts.push({ type: 'text', text: markUntrusted(this.#server, text, label) });
      return;
    }
    const artifact = { ...spill.artifact, ...(sourceUri === undefined ? {} : { sourceUri }) };
    this.artifacts.push(reference(artifact));
    this.parts.push({
      type: 'artifact',
      artifactId: artifact.id,
      mimeType: artifact.mimeType ?? 'text/plain',
      byteLength: artifact.byteLength,
      preview: markUntrusted(
        this.#server,
        spill.preview,
        `${label === undefined ? '' : `${label}, `}${artifact.byteLength} bytes; ${spill.omittedBytes} bytes omitted from this preview, full text in artifact ${artifact.id}`,
      ),
    });
  }

  /**
   * A text the store refused: a host note saying so (outside the untrusted block, so the model
   * can tell it from server text) and the text's head and tail, marked untrusted.
   */
  async #addUnstoredText(text: string, reason: string, label: string | undefined): Promise<void> {
    const preview = await headAndTailOfUnstored(text);
    this.unstored.push({ type: 'text', byteLength: preview.byteLength, reason });
    this.addHostText(
      `[a text part of ${preview.byteLength} bytes from MCP server ${JSON.stringify(this.#server)}${label === undefined ? '' : ` (${label})`} could not be stored as an artifact: ${reason}. Only its first and last bytes follow; the ${preview.omittedBytes} bytes between are not available.]`,
    );
    this.parts.push({
      type: 'text',
      text: markUntrusted(
        this.#server,
        `${preview.head}\n[… ${preview.omittedBytes} bytes not stored …]\n${preview.tail}`,
        `${label === undefined ? '' : `${label}, `}head and tail of ${preview.byteLength} bytes`,
      ),
    });
  }

  /** Stores binary data and describes it; images small enough are inlined as well. */
  async addBinary(
    kind: 'image' | 'audio' | 'blob',
    base64: string,
    mimeType: string | undefined,
    sourceUri?: string,
  ): Promise<void> {
    const bytes = Buffer.from(base64, 'base64');
    const type = mimeType ?? 'application/octet-stream';
    // Inlined whatever the store says: an image the model can see needs no artifact.
    if (kind === 'image' && mimeType !== undefined && bytes.byteLength <= this.#options.inlineImageMaxBytes) {
      this.parts.push({ type: 'image', mimeType, data: bytes.toString('base64') });
    }
    let record: Awaited<ReturnType<ArtifactSinkV1['write']>>;
    try {
      record = await this.#sink.write({
        kind: `mcp-${kind}`,
        bytes,
        ...(mimeType === undefined ? {} : { mimeType }),
        ...(sourceUri === undefined ? {} : { sourceUri }),
      });
    } catch (error) {
      const reason = storeFailure(error);
      this.unstored.push({ type: kind, byteLength: bytes.byteLength, reason });
      this.addHostText(
        `[${kind} from MCP server ${JSON.stringify(this.#server)}: ${type}, ${bytes.byteLength} bytes${sourceUri === undefined ? '' : `, from ${sourceUri}`}; it could not be stored as an artifact: ${reason}]`,
      );
      return;
    }
    const artifact = reference(record);
    this.artifacts.push(artifact);
    this.parts.push({
      type: 'artifact',
      artifactId: record.id,
      mimeType: type,
      byteLength: bytes.byteLength,
      preview: `[${kind} from MCP server ${JSON.stringify(this.#server)}: ${type}, ${bytes.byteLength} bytes${sourceUri === undefined ? '' : `, from ${sourceUri}`}; stored as artifact ${record.id}]`,
    });
  }

  /** Adds a resource's contents (text or blob). */
  async addResourceContents(contents: ResourceContents): Promise<void> {
    if ('text' in contents) {
      await this.addText(contents.text, `resource ${contents.uri}`, contents.uri);
    } else {
      await this.addBinary('blob', contents.blob, contents.mimeType, contents.uri);
    }
  }

  /** Routes one MCP content block; every type is kept. */
  async addBlock(block: ContentBlock): Promise<void> {
    switch (block.type) {
      case 'text':
        await this.addText(block.text);
        return;
      case 'image':
        await this.addBinary('image', block.data, block.mimeType);
        return;
      case 'audio':
        await this.addBinary('audio', block.data, block.mimeType);
        return;
      case 'resource':
        await this.addResourceContents(block.resource as ResourceContents);
        return;
      case 'resource_link': {
        const details = [
          `uri: ${block.uri}`,
          `name: ${block.name}`,
          ...(block.mimeType === undefined ? [] : [`mimeType: ${block.mimeType}`]),
          ...(block.description === undefined ? [] : [`description: ${block.description}`]),
        ];
        this.parts.push({
          type: 'text',
          text: markUntrusted(this.#server, details.join('\n'), 'resource link'),
        });
        return;
      }
      default: {
        // A content type newer than this SDK: keep it visibly rather than dropping it.
        const unknown = block as { type?: unknown };
        await this.addText(JSON.stringify(block), `content of type ${String(unknown.type)}`);
      }
    }
  }
}
