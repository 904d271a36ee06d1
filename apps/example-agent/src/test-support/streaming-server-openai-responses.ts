import { splitIntoPieces } from '../providers/scripted-stream-chunks.js';
import { sseFrame } from './streaming-server-frames.js';

/**
 * An output item of a whole Responses API response: a message, a function call (`namespace` when
 * the function was in one), or OpenAI's own tool search: its call and what it loaded.
 */
export type WholeResponseItem =
  | {
      type: 'message';
      id: string;
      role?: 'assistant';
      status?: string;
      content: ReadonlyArray<{ type: 'output_text'; text: string; annotations?: unknown[] }>;
    }
  | {
      type: 'function_call';
      id: string;
      call_id: string;
      name: string;
      arguments: string;
      status?: string;
      namespace?: string;
    }
  | {
      type: 'tool_search_call';
      id: string;
      call_id: string | null;
      execution: 'server';
      status: 'completed';
      arguments: unknown;
    }
  | {
      type: 'tool_search_output';
      id: string;
      call_id: string | null;
      execution: 'server';
      status: 'completed';
      tools: readonly unknown[];
    };

/** The parts of a whole (non-streamed) Responses API response that the frames are made from. */
export interface WholeResponse {
  id?: string;
  model?: string;
  output: readonly WholeResponseItem[];
  usage?: { input_tokens: number; output_tokens: number; total_tokens?: number };
}

/**
 * A whole response as the Responses API streams it: `response.created`, per output item
 * `output_item.added`, its text (`output_text.delta`) or arguments
 * (`function_call_arguments.delta`) in `pieces` events and their `.done`, `output_item.done`,
 * and `response.completed` with the whole response.
 */
export function openAiResponsesFrames(response: WholeResponse, pieces = 3): string[] {
  let sequenceNumber = 0;
  const frame = (type: string, fields: Record<string, unknown>): string =>
    sseFrame({ type, sequence_number: sequenceNumber++, ...fields }, { event: type });
  const whole = {
    id: response.id ?? 'resp_stream',
    object: 'response',
    created_at: 1,
    model: response.model ?? 'gpt-test',
    status: 'completed',
    output: response.output,
    usage: response.usage ?? null,
  };
  const frames = [frame('response.created', { response: { ...whole, status: 'in_progress', output: [] } })];
  for (const [outputIndex, item] of response.output.entries()) {
    const located = { item_id: item.id, output_index: outputIndex };
    if (item.type === 'function_call') {
      frames.push(
        frame('response.output_item.added', {
          output_index: outputIndex,
          item: { ...item, arguments: '', status: 'in_progress' },
        }),
      );
      for (const piece of splitIntoPieces(item.arguments, pieces)) {
        frames.push(frame('response.function_call_arguments.delta', { ...located, delta: piece }));
      }
      frames.push(
        frame('response.function_call_arguments.done', {
          ...located,
          name: item.name,
          arguments: item.arguments,
        }),
      );
    } else if (item.type === 'tool_search_call' || item.type === 'tool_search_output') {
      // OpenAI runs its search itself: the item is announced and then reported done, whole.
      frames.push(
        frame('response.output_item.added', {
          output_index: outputIndex,
          item: { ...item, status: 'in_progress' },
        }),
      );
    } else {
      frames.push(
        frame('response.output_item.added', {
          output_index: outputIndex,
          item: { ...item, status: 'in_progress', content: [] },
        }),
      );
      for (const [contentIndex, part] of item.content.entries()) {
        const inPart = { ...located, content_index: contentIndex };
        frames.push(
          frame('response.content_part.added', {
            ...inPart,
            part: { type: 'output_text', text: '', annotations: [] },
          }),
        );
        for (const piece of splitIntoPieces(part.text, pieces)) {
          frames.push(frame('response.output_text.delta', { ...inPart, delta: piece, logprobs: [] }));
        }
        frames.push(frame('response.output_text.done', { ...inPart, text: part.text, logprobs: [] }));
        frames.push(frame('response.content_part.done', { ...inPart, part }));
      }
    }
    frames.push(frame('response.output_item.done', { output_index: outputIndex, item }));
  }
  frames.push(frame('response.completed', { response: whole }));
  return frames;
}
