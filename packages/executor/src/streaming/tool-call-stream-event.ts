/**
 * One event of a provider's streamed assistant message, reduced to what tool execution needs.
 * Every provider SDK streams tool calls differently (OpenAI chat: argument deltas per call index;
 * OpenAI responses: `function_call_arguments.delta/.done`; Anthropic: `input_json_delta` inside a
 * `tool_use` block; Gemini: whole calls per chunk). A host maps its SDK's stream onto these events
 * and hands them to `ToolExecutor.executeStream`.
 *
 * - `tool-call-start`: the model began a call. `callId` is unique within the message.
 * - `tool-call-delta`: more of the call's JSON arguments (a fragment, not a whole value).
 * - `tool-call-end`: the call's arguments are complete. `arguments`, when given, is the whole
 *   argument value (providers that send calls whole) and replaces the accumulated deltas.
 * - `message-end`: the model finished the message; calls that were held back may now run.
 *   The end of the iterable without `message-end` counts as an interrupted stream.
 */
export type ToolCallStreamEvent =
  | { readonly type: 'tool-call-start'; readonly callId: string; readonly toolName: string }
  | { readonly type: 'tool-call-delta'; readonly callId: string; readonly argumentsDelta: string }
  | { readonly type: 'tool-call-end'; readonly callId: string; readonly arguments?: unknown }
  | { readonly type: 'message-end' };
