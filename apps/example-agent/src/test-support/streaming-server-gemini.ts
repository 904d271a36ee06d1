import { splitIntoPieces } from '../providers/scripted-stream-chunks.js';
import { sseFrame } from './streaming-server-frames.js';

/** A part of a whole Gemini response: text, or a function call (which Gemini sends whole). */
export type WholeGeminiPart =
  | { text: string; thought?: boolean }
  | { functionCall: { id?: string; name: string; args?: Record<string, unknown> } };

/** The parts of a whole (non-streamed) `generateContent` response that the frames are made from. */
export interface WholeGeminiResponse {
  candidates: ReadonlyArray<{
    content: { role?: string; parts: readonly WholeGeminiPart[] };
    finishReason?: string;
  }>;
  usageMetadata?: { promptTokenCount?: number; candidatesTokenCount?: number; totalTokenCount?: number };
}

/**
 * A whole response as `streamGenerateContent?alt=sse` streams it: one chunk per piece of text
 * and one per function call (whole), the last chunk with `finishReason` and `usageMetadata`.
 * Lines end in `\r\n`, as Gemini's do.
 */
export function geminiFrames(response: WholeGeminiResponse, pieces = 3): string[] {
  const candidate = response.candidates[0];
  const partChunks: WholeGeminiPart[] = [];
  for (const part of candidate?.content.parts ?? []) {
    if ('text' in part) {
      for (const piece of splitIntoPieces(part.text, pieces)) partChunks.push({ ...part, text: piece });
    } else {
      partChunks.push(part);
    }
  }
  const chunks = partChunks.map((part) => ({
    candidates: [{ content: { role: 'model', parts: [part] }, index: 0 }],
    modelVersion: 'gemini-test',
  }));
  const last = {
    candidates: [
      {
        content: { role: 'model', parts: [] as WholeGeminiPart[] },
        finishReason: candidate?.finishReason ?? 'STOP',
        index: 0,
      },
    ],
    ...(response.usageMetadata === undefined ? {} : { usageMetadata: response.usageMetadata }),
    modelVersion: 'gemini-test',
  };
  // The finish reason rides on the last part's chunk, as Gemini sends it.
  const final = chunks.pop();
  if (final !== undefined) last.candidates[0]!.content.parts = final.candidates[0]!.content.parts;
  return [...chunks, last].map((chunk) => sseFrame(chunk, { lineEnd: '\r\n' }));
}
