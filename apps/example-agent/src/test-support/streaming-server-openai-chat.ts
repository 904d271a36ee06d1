import { splitIntoPieces } from '../providers/scripted-stream-chunks.js';
import { sseFrame } from './streaming-server-frames.js';

/** The parts of a whole (non-streamed) Chat Completion that the frames are made from. */
export interface WholeChatCompletion {
  id?: string;
  model?: string;
  choices: ReadonlyArray<{
    finish_reason: string | null;
    message: {
      content?: string | null;
      tool_calls?: ReadonlyArray<{ id: string; function: { name: string; arguments: string } }>;
    };
  }>;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens?: number };
}

/**
 * A whole Chat Completion as the API streams it (`stream: true`, usage included): a role chunk,
 * the content in pieces, per tool call a first delta with `index`, `id` and name and then its
 * argument text in `pieces` deltas, a chunk with `finish_reason`, a usage chunk with no
 * choices, and `data: [DONE]`.
 */
export function openAiChatFrames(completion: WholeChatCompletion, pieces = 3): string[] {
  const base = {
    id: completion.id ?? 'chatcmpl-stream',
    object: 'chat.completion.chunk',
    created: 1,
    model: completion.model ?? 'gpt-test',
  };
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
    sseFrame({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] });
  const choice = completion.choices[0];
  const frames = [chunk({ role: 'assistant', content: '' })];
  for (const piece of splitIntoPieces(choice?.message.content ?? '', pieces)) {
    frames.push(chunk({ content: piece }));
  }
  for (const [index, call] of (choice?.message.tool_calls ?? []).entries()) {
    frames.push(
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } },
        ],
      }),
    );
    for (const piece of splitIntoPieces(call.function.arguments, pieces)) {
      frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  }
  frames.push(chunk({}, choice?.finish_reason ?? 'stop'));
  if (completion.usage !== undefined) {
    frames.push(sseFrame({ ...base, choices: [], usage: completion.usage }));
  }
  frames.push(sseFrame('[DONE]'));
  return frames;
}
