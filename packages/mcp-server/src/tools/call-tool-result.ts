import type { CallToolResult, ContentBlock } from '@modelcontextprotocol/server';
import type { Coercion, LlmContentPart, ToolResult } from '@toolwright/contracts';
import type { ArtifactReference, ArtifactStoreV1 } from '@toolwright/spec';
import type { ArtifactAccess } from '../resources/artifact-access.js';
import { decodeText, isTextMimeType } from '../resources/text-mime.js';
import type { ResolvedOutputLimits } from './output-limits.js';

/** The `_meta` key under which the repairs validation made to the arguments are reported. */
export const COERCIONS_META_KEY = 'toolwright/coercions';

/** What turning a result into MCP content needs. */
export interface ResultRendering {
  readonly store: ArtifactStoreV1 | undefined;
  readonly artifacts: ArtifactAccess;
  readonly limits: ResolvedOutputLimits;
}

type ArtifactPart = Extract<LlmContentPart, { type: 'artifact' }>;

/**
 * A toolwright `ToolResult` as an MCP `CallToolResult`, every part kept:
 *
 * - text as `text`; text over the spill threshold (with a store) as its head-and-tail preview
 *   plus a `resource_link` to the whole of it;
 * - `image` parts inline, as the tool made them;
 * - `artifact` parts inline when small media (`image` / `audio`) or small text that came from a
 *   resource (embedded under its own URI), else as the tool's preview plus a `resource_link`;
 * - artifacts listed in `result.artifacts` that no part mentions as `resource_link`s too.
 *
 * `isError` is set exactly when the result carries an `error`. A successful result's
 * `structuredContent` is sent as it is (checked against the tool's `outputSchema`, when it has
 * one, before it got here); a failure's is not: nothing checked it, and MCP clients validate
 * `structuredContent` against the listed schema whatever `isError` says. Each artifact sent is
 * granted to the session, so `resources/read` serves it to this session and no other.
 */
export async function toCallToolResult(
  result: ToolResult,
  rendering: ResultRendering,
  coercions: readonly Coercion[] = [],
): Promise<CallToolResult> {
  const parts: readonly LlmContentPart[] =
    typeof result.llmContent === 'string' ? [{ type: 'text', text: result.llmContent }] : result.llmContent;
  const content: ContentBlock[] = [];
  const sent = new Set<string>();
  for (const part of parts) {
    if (part.type === 'text') content.push(...(await textContent(part.text, rendering, sent)));
    else if (part.type === 'image') content.push({ type: 'image', data: part.data, mimeType: part.mimeType });
    else content.push(...(await artifactContent(part, rendering, sent)));
  }
  for (const reference of result.artifacts ?? []) {
    if (sent.has(reference.id) || rendering.store === undefined) continue;
    content.push(link(reference, rendering, sent));
  }
  return {
    content,
    ...(result.error === undefined ? {} : { isError: true }),
    ...(result.error === undefined && result.structuredContent !== undefined
      ? { structuredContent: { ...result.structuredContent } }
      : {}),
    ...(coercions.length === 0 ? {} : { _meta: { [COERCIONS_META_KEY]: coercions.map((c) => ({ ...c })) } }),
  };
}

async function textContent(
  text: string,
  rendering: ResultRendering,
  sent: Set<string>,
): Promise<ContentBlock[]> {
  const { store, limits } = rendering;
  // Three bytes per UTF-16 unit is the most UTF-8 can take, so short strings skip the count.
  if (
    store === undefined ||
    text.length * 3 <= limits.spillThresholdBytes ||
    Buffer.byteLength(text) <= limits.spillThresholdBytes
  ) {
    return [{ type: 'text', text }];
  }
  const spill = await store.spill(text, { thresholdBytes: limits.spillThresholdBytes });
  if (spill.artifact === undefined) return [{ type: 'text', text: spill.preview }];
  return [
    { type: 'text', text: spill.preview },
    link({ ...spill.artifact, mimeType: spill.artifact.mimeType ?? 'text/plain' }, rendering, sent),
  ];
}

async function artifactContent(
  part: ArtifactPart,
  rendering: ResultRendering,
  sent: Set<string>,
): Promise<ContentBlock[]> {
  const { store, limits } = rendering;
  const preview: ContentBlock[] = part.preview === undefined ? [] : [{ type: 'text', text: part.preview }];
  if (store === undefined) {
    // Nothing can serve the bytes: say what there was rather than link to nowhere.
    const described = `[artifact ${part.artifactId}${part.mimeType === undefined ? '' : ` ${part.mimeType}`}, ${part.byteLength} bytes; not served: this server has no artifact store]`;
    return [...preview, { type: 'text', text: described }];
  }
  const media = mediaKind(part.mimeType);
  const inlineMedia = media !== undefined && part.byteLength <= limits.inlineMediaMaxBytes;
  const maybeEmbedded = isTextMimeType(part.mimeType) && part.byteLength <= limits.embeddedTextMaxBytes;
  if (inlineMedia || maybeEmbedded) {
    const { record, bytes } = await store.read(part.artifactId);
    rendering.artifacts.grant(record);
    sent.add(record.id);
    const mimeType = record.mimeType ?? part.mimeType ?? 'application/octet-stream';
    if (inlineMedia) return [{ type: media, data: Buffer.from(bytes).toString('base64'), mimeType }];
    const text = decodeText(bytes);
    if (record.sourceUri !== undefined && text !== undefined) {
      return [{ type: 'resource', resource: { uri: record.sourceUri, mimeType, text } }];
    }
    return [...preview, link(record, rendering, sent)];
  }
  return [...preview, link(recordOfPart(part), rendering, sent)];
}

function link(record: ArtifactReference, rendering: ResultRendering, sent: Set<string>): ContentBlock {
  const resource = rendering.artifacts.grant(record);
  sent.add(record.id);
  return { type: 'resource_link', ...resource };
}

function mediaKind(mimeType: string | undefined): 'image' | 'audio' | undefined {
  if (mimeType?.startsWith('image/')) return 'image';
  if (mimeType?.startsWith('audio/')) return 'audio';
  return undefined;
}

function recordOfPart(part: ArtifactPart): ArtifactReference {
  return {
    id: part.artifactId,
    kind: 'artifact',
    byteLength: part.byteLength,
    ...(part.mimeType === undefined ? {} : { mimeType: part.mimeType }),
  };
}
