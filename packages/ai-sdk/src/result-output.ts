import type { ToolResult } from '@toolwright/contracts';
import type { ExecutedCall } from '@toolwright/executor';
import type { ImageDelivery, ToolOutputImage, ToolwrightToolOutput } from './tool-output.js';

/**
 * The output of a call the executor (or its `ToolCallRunner`) ran. Its `content` is already what
 * a text transcript carries — a spilled head-and-tail preview naming the artifact, stored images
 * referenced — so it is the text as it is; images are added beside it when they are delivered
 * inline.
 */
export function outputFromExecutedCall(executed: ExecutedCall, images: ImageDelivery): ToolwrightToolOutput {
  const { status, result, content } = executed;
  const failed =
    result.error ?? (status === 'success' ? undefined : { type: 'execution' as const, message: content });
  return {
    status,
    callId: executed.callId,
    ...(executed.idempotencyKey === undefined ? {} : { idempotencyKey: executed.idempotencyKey }),
    text: content,
    images: images === 'inline' ? imagesOf(result) : [],
    artifacts: result.artifacts ?? [],
    spilled: executed.spilled,
    ...(failed === undefined ? {} : { error: { type: failed.type, message: failed.message } }),
    ...(failed === undefined && result.structuredContent !== undefined
      ? { structuredContent: result.structuredContent }
      : {}),
  };
}

function imagesOf(result: ToolResult): ToolOutputImage[] {
  if (typeof result.llmContent === 'string') return [];
  const images: ToolOutputImage[] = [];
  for (const part of result.llmContent) {
    if (part.type === 'image') images.push({ mediaType: part.mimeType, data: part.data });
  }
  return images;
}
