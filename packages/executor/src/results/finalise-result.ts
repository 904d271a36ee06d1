import { createHash } from 'node:crypto';
import type { ArtifactReference, LlmContentPart, ToolResult } from '@toolwright/contracts';
import type { ArtifactSink } from './artifact-sink.js';

/** Options for {@link finaliseResult}. */
export interface FinaliseOptions {
  store: ArtifactSink | undefined;
  /** Text over this many bytes is spilled to the store with a head-and-tail preview. */
  spillThresholdBytes: number;
}

/** A tool result reduced to what a text-only conversation carries, with what was stored. */
export interface FinalisedResult {
  readonly text: string;
  readonly artifacts: readonly ArtifactReference[];
  /** True when some of the text was spilled to the artifact store. */
  readonly spilled: boolean;
}

function formatBytes(byteLength: number): string {
  return byteLength < 1024 ? `${byteLength} B` : `${(byteLength / 1024).toFixed(1)} KiB`;
}

/** The byte length of base64 data, without decoding it: its padding encodes no bytes. */
function decodedByteLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/**
 * Turns a result into conversation text. Large text goes to the artifact store and the model
 * gets a head-and-tail preview with the artifact id (never a silent cut); images are stored and
 * referenced, because a provider-neutral transcript carries text. Without a store, text is
 * passed through whole.
 */
export async function finaliseResult(result: ToolResult, options: FinaliseOptions): Promise<FinalisedResult> {
  const parts: readonly LlmContentPart[] =
    typeof result.llmContent === 'string' ? [{ type: 'text', text: result.llmContent }] : result.llmContent;
  const artifacts: ArtifactReference[] = [...(result.artifacts ?? [])];
  // Artifact ids are the SHA-256 of the bytes: an image the producer already stored (MCP
  // results carry both the inline image and its artifact part) is referenced, not stored twice.
  const storedIds = new Set([
    ...artifacts.map((artifact) => artifact.id),
    ...parts.flatMap((part) => (part.type === 'artifact' ? [part.artifactId] : [])),
  ]);
  const texts: string[] = [];
  let spilled = false;
  for (const part of parts) {
    if (part.type === 'text') {
      if (options.store === undefined || Buffer.byteLength(part.text) <= options.spillThresholdBytes) {
        texts.push(part.text);
        continue;
      }
      const spill = await options.store.spill(part.text, { thresholdBytes: options.spillThresholdBytes });
      texts.push(spill.preview);
      if (spill.artifact !== undefined) {
        spilled = true;
        artifacts.push({
          id: spill.artifact.id,
          kind: spill.artifact.kind,
          mimeType: 'text/plain',
          byteLength: spill.artifact.byteLength,
        });
        // One marker per spill: a sink whose preview names the artifact (a SessionArtifactStore
        // says how to read it back, too) has said it; a bare excerpt gets the id added here.
        if (!spill.preview.includes(spill.artifact.id)) {
          texts.push(
            `[output spilled: ${formatBytes(spill.artifact.byteLength)} stored as artifact ${spill.artifact.id}; ${formatBytes(spill.omittedBytes)} omitted from this preview]`,
          );
        }
      }
    } else if (part.type === 'image') {
      const bytes = Buffer.from(part.data, 'base64');
      if (storedIds.has(createHash('sha256').update(bytes).digest('hex'))) continue;
      if (options.store === undefined) {
        texts.push(`[image ${part.mimeType}, ${formatBytes(decodedByteLength(part.data))}, not stored]`);
        continue;
      }
      const record = await options.store.write({ kind: 'image', bytes, mimeType: part.mimeType });
      storedIds.add(record.id);
      artifacts.push({
        id: record.id,
        kind: 'image',
        mimeType: part.mimeType,
        byteLength: record.byteLength,
      });
      texts.push(
        `[image ${part.mimeType}, ${formatBytes(record.byteLength)}, stored as artifact ${record.id}]`,
      );
    } else {
      const label = `[artifact ${part.artifactId}${part.mimeType === undefined ? '' : ` ${part.mimeType}`}, ${formatBytes(part.byteLength)}]`;
      // A producer's preview already names the artifact; otherwise describe it ourselves.
      texts.push(part.preview ?? label);
    }
  }
  return { text: texts.join('\n'), artifacts, spilled };
}
