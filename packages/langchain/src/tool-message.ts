import { type ContentBlock, ToolMessage } from '@langchain/core/messages';
import type { ToolResult } from '@toolwright/contracts';
import type { ExecutedCall } from '@toolwright/executor';
import type { ImageDelivery, ToolwrightToolArtifact } from './tool-message-artifact.js';

/** A standard image content block (LangChain 1.x `ContentBlock.Multimodal.Image`), base64 data. */
type ImageBlock = ContentBlock.Multimodal.Image;

/**
 * The tool message of a call the executor ran. Its text is the executor's content as it is — a
 * spilled head-and-tail preview naming the artifact, stored images referenced, a refusal or
 * toolwright's repairable validation message — and a failure is `status: 'error'`, so the agent
 * goes on and the model reads it as something to correct. Images delivered `inline` follow the
 * text as standard image blocks.
 */
export function toolMessageOf(executed: ExecutedCall, name: string, images: ImageDelivery): ToolMessage {
  const { status, result, content } = executed;
  const failed =
    result.error ?? (status === 'success' ? undefined : { type: 'execution' as const, message: content });
  const artifact: ToolwrightToolArtifact = {
    status,
    callId: executed.callId,
    ...(executed.idempotencyKey === undefined ? {} : { idempotencyKey: executed.idempotencyKey }),
    artifacts: result.artifacts ?? [],
    spilled: executed.spilled,
    ...(failed === undefined ? {} : { error: { type: failed.type, message: failed.message } }),
    ...(failed === undefined && result.structuredContent !== undefined
      ? { structuredContent: result.structuredContent }
      : {}),
  };
  const inlineImages = images === 'inline' && failed === undefined ? imagesOf(result) : [];
  return new ToolMessage({
    content:
      inlineImages.length === 0
        ? content
        : [...(content === '' ? [] : [{ type: 'text' as const, text: content }]), ...inlineImages],
    tool_call_id: executed.callId,
    name,
    status: failed === undefined ? 'success' : 'error',
    artifact,
  });
}

function imagesOf(result: ToolResult): ImageBlock[] {
  if (typeof result.llmContent === 'string') return [];
  const images: ImageBlock[] = [];
  for (const part of result.llmContent) {
    if (part.type === 'image') images.push({ type: 'image', mimeType: part.mimeType, data: part.data });
  }
  return images;
}
