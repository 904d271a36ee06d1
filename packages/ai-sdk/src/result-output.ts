import type { LlmContentPart, ToolResult } from '@toolwright/contracts';
import type { CallStatus, ExecutedCall } from '@toolwright/executor';
import type { ImageDelivery, ToolOutputImage, ToolwrightToolOutput } from './tool-output.js';

/**
 * The output of a call the executor ran. Its `content` is already what a text transcript
 * carries — a spilled head-and-tail preview naming the artifact, stored images referenced — so
 * it is the text as it is; images are added beside it when they are delivered inline.
 */
export function outputFromExecutedCall(executed: ExecutedCall, images: ImageDelivery): ToolwrightToolOutput {
  return assemble(
    executed.status,
    executed.result,
    executed.content,
    images === 'inline' ? imagesOf(executed.result) : [],
    executed.spilled,
  );
}

/**
 * The output of a call run without an executor (nothing is spilled or stored): the result's
 * text parts, artifact parts by their preview, images inline or described in a line of text.
 */
export function outputFromResult(
  status: CallStatus,
  result: ToolResult,
  images: ImageDelivery,
): ToolwrightToolOutput {
  const inline = images === 'inline';
  return assemble(
    status,
    result,
    renderText(result.llmContent, inline),
    inline ? imagesOf(result) : [],
    false,
  );
}

function assemble(
  status: CallStatus,
  result: ToolResult,
  text: string,
  images: readonly ToolOutputImage[],
  spilled: boolean,
): ToolwrightToolOutput {
  const failed =
    result.error ?? (status === 'success' ? undefined : { type: 'execution' as const, message: text });
  return {
    status,
    text,
    images,
    artifacts: result.artifacts ?? [],
    spilled,
    ...(failed === undefined ? {} : { error: { type: failed.type, message: failed.message } }),
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

function renderText(content: string | readonly LlmContentPart[], imagesInline: boolean): string {
  if (typeof content === 'string') return content;
  const lines: string[] = [];
  for (const part of content) {
    if (part.type === 'text') lines.push(part.text);
    else if (part.type === 'artifact')
      lines.push(
        part.preview ??
          `[artifact ${part.artifactId}${part.mimeType === undefined ? '' : ` ${part.mimeType}`}, ${formatBytes(part.byteLength)}]`,
      );
    // An inline image travels as image content; otherwise the model at least learns it was there.
    else if (!imagesInline)
      lines.push(`[image ${part.mimeType}, ${formatBytes(decodedLength(part.data))}, not stored]`);
  }
  return lines.join('\n');
}

/** The byte length of base64 data, without decoding it. */
function decodedLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

function formatBytes(byteLength: number): string {
  return byteLength < 1024 ? `${byteLength} B` : `${(byteLength / 1024).toFixed(1)} KiB`;
}
