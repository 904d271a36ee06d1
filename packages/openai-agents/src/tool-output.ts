import type { ToolResult } from '@toolwright/contracts';
import type { ExecutedCall } from '@toolwright/executor';

/** How images in a tool result reach the model. */
export type ImageDelivery =
  /** As image content of the function call's output, beside the text. */
  | 'inline'
  /** As a line of text naming the stored artifact (or saying it was not stored). */
  | 'reference';

/** A text part of a function tool's output, in Agents JS's shape (`ToolOutputText`). */
export interface AgentsOutputText {
  readonly type: 'text';
  readonly text: string;
}

/** An image part of a function tool's output, in Agents JS's shape (`ToolOutputImage`). */
export interface AgentsOutputImage {
  readonly type: 'image';
  readonly image: { readonly data: string; readonly mediaType: string };
}

/**
 * What a bridged tool's call resolves to, as Agents JS sends it to the model: the executor's text
 * alone, or that text followed by the result's images when they are delivered inline.
 */
export type AgentsToolOutput = string | ReadonlyArray<AgentsOutputText | AgentsOutputImage>;

/**
 * The model's form of a call the executor ran. Its `content` is already what a text transcript
 * carries — toolwright's repairable validation message, a refusal, a spilled head-and-tail preview
 * naming the artifact, stored images referenced — so it is the output as it is: Agents JS has no
 * error flag on a function call's output, and the model reads every outcome as text.
 */
export function outputOfExecutedCall(executed: ExecutedCall, images: ImageDelivery): AgentsToolOutput {
  const parts = images === 'inline' && executed.status === 'success' ? imagesOf(executed.result) : [];
  if (parts.length === 0) return executed.content;
  return [{ type: 'text', text: executed.content }, ...parts];
}

function imagesOf(result: ToolResult): AgentsOutputImage[] {
  if (typeof result.llmContent === 'string') return [];
  const images: AgentsOutputImage[] = [];
  for (const part of result.llmContent) {
    if (part.type === 'image')
      images.push({ type: 'image', image: { data: part.data, mediaType: part.mimeType } });
  }
  return images;
}
