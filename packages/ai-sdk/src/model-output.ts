import type { ToolwrightToolOutput } from './tool-output.js';

/**
 * The forms of the AI SDK's `ToolResultOutput` (the `output` of a tool result part) that the
 * bridge produces; written out here so the published types need nothing of `ai`'s own.
 */
export type ToolModelOutput =
  | { type: 'text'; value: string }
  | { type: 'error-text'; value: string }
  | {
      type: 'content';
      value: Array<{ type: 'text'; text: string } | { type: 'image-data'; data: string; mediaType: string }>;
    };

/**
 * The AI SDK's model-facing form of a bridged tool's output. A failure (validation, permission,
 * timeout, a tool's own error) is `error-text`, which providers mark as an error result (for
 * example Anthropic's `is_error`), so the model reads it as something to correct rather than as
 * data; the run goes on. Images travel as `image-data` content beside the text.
 */
export function toModelOutput(output: ToolwrightToolOutput): ToolModelOutput {
  if (output.error !== undefined) return { type: 'error-text', value: output.text };
  if (output.images.length === 0) return { type: 'text', value: output.text };
  return {
    type: 'content',
    value: [
      ...(output.text === '' ? [] : [{ type: 'text' as const, text: output.text }]),
      ...output.images.map((image) => ({
        type: 'image-data' as const,
        data: image.data,
        mediaType: image.mediaType,
      })),
    ],
  };
}
