import { splitIntoPieces } from '../providers/scripted-stream-chunks.js';
import { sseFrame } from './streaming-server-frames.js';

/** A content block of a whole Messages API message. */
export type WholeMessageBlock =
  | { type: 'text'; text: string }
  /**
   * `input` as an object is streamed as its JSON; as a string it is streamed verbatim, so a
   * test can send argument text that is not JSON (a real API could not return it whole).
   */
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  /** Anthropic's own tool (its tool search): streamed like a tool_use, as a `server_tool_use` block. */
  | { type: 'server_tool_use'; id: string; name: string; input: unknown }
  /** What Anthropic's tool search found: streamed whole in its `content_block_start`. */
  | { type: 'tool_search_tool_result'; tool_use_id: string; content: unknown };

/** The parts of a whole (non-streamed) Messages API message that the frames are made from. */
export interface WholeMessage {
  id?: string;
  model?: string;
  content: readonly WholeMessageBlock[];
  stop_reason?: string | null;
  usage?: { input_tokens: number; output_tokens: number };
}

/**
 * A whole message as the Messages API streams it: `message_start` (with the input tokens), a
 * `ping`, per block `content_block_start`, its `text_delta`s or `input_json_delta`s in `pieces`
 * and `content_block_stop`, then `message_delta` (stop reason, output tokens) and
 * `message_stop`.
 */
export function anthropicFrames(message: WholeMessage, pieces = 3): string[] {
  const frame = (type: string, fields: Record<string, unknown> = {}): string =>
    sseFrame({ type, ...fields }, { event: type });
  const usage = message.usage ?? { input_tokens: 0, output_tokens: 0 };
  const frames = [
    frame('message_start', {
      message: {
        id: message.id ?? 'msg_stream',
        type: 'message',
        role: 'assistant',
        model: message.model ?? 'claude-test',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: usage.input_tokens, output_tokens: 1 },
      },
    }),
    frame('ping'),
  ];
  for (const [index, block] of message.content.entries()) {
    if (block.type === 'text') {
      frames.push(frame('content_block_start', { index, content_block: { type: 'text', text: '' } }));
      for (const piece of splitIntoPieces(block.text, pieces)) {
        frames.push(frame('content_block_delta', { index, delta: { type: 'text_delta', text: piece } }));
      }
    } else if (block.type === 'tool_search_tool_result') {
      frames.push(frame('content_block_start', { index, content_block: block }));
    } else {
      frames.push(
        frame('content_block_start', {
          index,
          content_block: { type: block.type, id: block.id, name: block.name, input: {} },
        }),
      );
      const json = typeof block.input === 'string' ? block.input : JSON.stringify(block.input);
      for (const piece of splitIntoPieces(json, pieces)) {
        frames.push(
          frame('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }),
        );
      }
    }
    frames.push(frame('content_block_stop', { index }));
  }
  frames.push(
    frame('message_delta', {
      delta: { stop_reason: message.stop_reason ?? 'end_turn', stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    }),
    frame('message_stop'),
  );
  return frames;
}
