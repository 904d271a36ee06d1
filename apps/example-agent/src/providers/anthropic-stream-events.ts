import type { RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { ModelStreamEvent, ProviderContentBlock } from './model-provider.js';
import { ModelStreamError, ModelStreamErrorCode } from './model-stream-error.js';

/**
 * Maps the events of a streamed Messages API call (`stream: true`) onto {@link ModelStreamEvent}s:
 * `content_block_start` of a `tool_use` block starts a call, its `input_json_delta`s continue it
 * and its `content_block_stop` ends it; `text_delta`s are the text; `message_stop` ends the
 * message. Usage is reported at `message_start` (the input tokens) and at `message_delta`
 * (the output tokens so far).
 *
 * Blocks of the tools Anthropic runs itself (`server_tool_use`, whose input streams like a call's,
 * and `tool_search_tool_result`) are no calls: each is yielded whole as `provider-content` when
 * it stops, so the conversation can send it back on the next request.
 */
export async function* anthropicStreamEvents(
  events: AsyncIterable<RawMessageStreamEvent>,
  signal?: AbortSignal,
): AsyncGenerator<ModelStreamEvent> {
  /** Call ids of the open tool_use blocks, by content block index. */
  const openCalls = new Map<number, string>();
  /** Open blocks of the provider's own tools, by content block index, with their input so far. */
  const openProviderBlocks = new Map<number, { block: Record<string, unknown>; input: string[] }>();
  let inputTokens = 0;
  let finished = false;

  for await (const event of events) {
    switch (event.type) {
      case 'message_start':
        inputTokens = event.message.usage.input_tokens;
        yield {
          type: 'usage',
          usage: { inputTokens, outputTokens: event.message.usage.output_tokens },
        };
        break;
      case 'content_block_start':
        if (event.content_block.type === 'tool_use') {
          openCalls.set(event.index, event.content_block.id);
          yield {
            type: 'tool-call-start',
            callId: event.content_block.id,
            toolName: event.content_block.name,
          };
        } else if (event.content_block.type === 'text' && event.content_block.text !== '') {
          yield { type: 'text-delta', text: event.content_block.text };
        } else if (
          event.content_block.type === 'server_tool_use' ||
          event.content_block.type === 'tool_search_tool_result'
        ) {
          openProviderBlocks.set(event.index, { block: { ...event.content_block }, input: [] });
        }
        break;
      case 'content_block_delta': {
        const delta = event.delta;
        if (delta.type === 'text_delta') {
          if (delta.text !== '') yield { type: 'text-delta', text: delta.text };
        } else if (delta.type === 'input_json_delta') {
          const callId = openCalls.get(event.index);
          if (callId !== undefined && delta.partial_json !== '') {
            yield { type: 'tool-call-delta', callId, argumentsDelta: delta.partial_json };
          }
          openProviderBlocks.get(event.index)?.input.push(delta.partial_json);
        }
        break;
      }
      case 'content_block_stop': {
        const providerBlock = openProviderBlocks.get(event.index);
        if (providerBlock !== undefined) {
          openProviderBlocks.delete(event.index);
          const block = finishedBlock(providerBlock);
          const foundTools = toolsFoundIn(block);
          yield foundTools.length === 0
            ? { type: 'provider-content', block }
            : { type: 'provider-content', block, foundTools };
        }
        const callId = openCalls.get(event.index);
        if (callId !== undefined) {
          openCalls.delete(event.index);
          yield { type: 'tool-call-end', callId };
        }
        break;
      }
      case 'message_delta':
        // `output_tokens` is cumulative; `input_tokens` is repeated only by some API versions.
        inputTokens = event.usage.input_tokens ?? inputTokens;
        yield { type: 'usage', usage: { inputTokens, outputTokens: event.usage.output_tokens } };
        break;
      case 'message_stop':
        finished = true;
        // Every block is stopped before message_stop; should one not be, its call ends here.
        for (const callId of openCalls.values()) yield { type: 'tool-call-end', callId };
        openCalls.clear();
        break;
    }
  }
  // The SDK ends the iteration quietly when the request is aborted: that is no finished message.
  signal?.throwIfAborted();
  if (!finished) {
    throw new ModelStreamError(
      ModelStreamErrorCode.Incomplete,
      'The message stream ended without message_stop: the response was cut off.',
    );
  }
  yield { type: 'message-end' };
}

/** A provider tool's block as it stopped: a streamed input replaces the empty one of its start. */
function finishedBlock(open: { block: Record<string, unknown>; input: string[] }): ProviderContentBlock {
  const text = open.input.join('');
  if (text === '') return open.block;
  try {
    return { ...open.block, input: JSON.parse(text) as unknown };
  } catch {
    // Replayed as it started rather than guessed at; the provider reports a block it cannot read.
    return open.block;
  }
}

/** The tool names a `tool_search_tool_result` block references (empty for any other block). */
function toolsFoundIn(block: ProviderContentBlock): string[] {
  if (block.type !== 'tool_search_tool_result') return [];
  const references = (block.content as { tool_references?: unknown } | undefined)?.tool_references;
  if (!Array.isArray(references)) return [];
  return references
    .map((reference) => (reference as { tool_name?: unknown } | null)?.tool_name)
    .filter((name): name is string => typeof name === 'string');
}
