import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** One tool call the scripted model makes; `arguments` is sent as written when it is a string. */
export interface ScriptedToolCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string | Record<string, unknown>;
}

/** One assistant turn of the script: text, tool calls, or both. */
export interface ScriptedTurn {
  readonly text?: string;
  readonly toolCalls?: readonly ScriptedToolCall[];
}

/** A request the server received, with its JSON body. */
export interface RecordedRequest {
  readonly path: string;
  readonly body: ChatRequestBody;
}

/** The parts of a Chat Completions request body the tests look at. */
export interface ChatRequestBody {
  readonly stream?: boolean;
  readonly tools?: ReadonlyArray<{
    type: string;
    function: { name: string; description?: string; parameters: Record<string, unknown>; strict?: boolean };
  }>;
  readonly messages: ReadonlyArray<{
    role: string;
    content?: unknown;
    tool_call_id?: string;
    tool_calls?: ReadonlyArray<{ id: string; function: { name: string; arguments: string } }>;
  }>;
}

/** A loopback stand-in for an OpenAI-compatible Chat Completions API. */
export interface ChatCompletionsServer {
  /** The base URL to give an OpenAI-compatible client (ends in `/v1`). */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  /** The names of the tools each request declared, in order. */
  declaredTools(requestIndex: number): string[];
  /** The tool messages of a request (what the model read back), by call id; text parts joined. */
  toolMessages(requestIndex: number): Map<string, string>;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (random port) that answers the n-th `/chat/completions`
 * request with the n-th scripted turn — as a whole completion, or as server-sent events when the
 * request says `stream: true` (what `streamText` asks for) — and records every request body, so a
 * test can read exactly what the AI SDK sent over a real socket. Past the script it answers "done".
 */
export async function startChatCompletionsServer(
  script: readonly ScriptedTurn[],
): Promise<ChatCompletionsServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequestBody;
      const turn = script[requests.length] ?? { text: 'done' };
      requests.push({ path: incoming.url ?? '/', body });
      if (body.stream === true) {
        outgoing.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        for (const frame of streamedFrames(turn, requests.length)) outgoing.write(frame);
        outgoing.end();
        return;
      }
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(wholeCompletion(turn, requests.length)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    declaredTools: (index) => (requests[index]?.body.tools ?? []).map((tool) => tool.function.name),
    toolMessages: (index) =>
      new Map(
        (requests[index]?.body.messages ?? [])
          .filter((message) => message.role === 'tool')
          .map((message) => [message.tool_call_id ?? '', textOf(message.content)]),
      ),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A message's content as text: a string as it is, an array of content parts by its text parts. */
function textOf(content: unknown): string {
  if (!Array.isArray(content)) return String(content);
  return content
    .map((part: { type?: unknown; text?: unknown }) => (part.type === 'text' ? String(part.text) : ''))
    .join('');
}

const USAGE = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };

function argumentText(call: ScriptedToolCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

function finishReason(turn: ScriptedTurn): string {
  return (turn.toolCalls?.length ?? 0) > 0 ? 'tool_calls' : 'stop';
}

function wholeCompletion(turn: ScriptedTurn, sequence: number): Record<string, unknown> {
  return {
    id: `chatcmpl-${sequence}`,
    object: 'chat.completion',
    created: 1,
    model: 'scripted',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: turn.text ?? null,
          ...(turn.toolCalls === undefined
            ? {}
            : {
                tool_calls: turn.toolCalls.map((call) => ({
                  id: call.id,
                  type: 'function',
                  function: { name: call.name, arguments: argumentText(call) },
                })),
              }),
        },
        finish_reason: finishReason(turn),
      },
    ],
    usage: USAGE,
  };
}

/**
 * The turn as the API streams it: a role chunk, the text, per tool call a first delta with its
 * index, id and name and then its arguments in two pieces (so the SDK must assemble them), the
 * finish reason, a usage chunk and `[DONE]`.
 */
function streamedFrames(turn: ScriptedTurn, sequence: number): string[] {
  const base = { id: `chatcmpl-${sequence}`, object: 'chat.completion.chunk', created: 1, model: 'scripted' };
  const frame = (data: unknown): string =>
    `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;
  const chunk = (delta: Record<string, unknown>, finish: string | null = null): string =>
    frame({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  const frames = [chunk({ role: 'assistant', content: '' })];
  if (turn.text !== undefined) frames.push(chunk({ content: turn.text }));
  for (const [index, call] of (turn.toolCalls ?? []).entries()) {
    const text = argumentText(call);
    const middle = Math.floor(text.length / 2);
    frames.push(
      chunk({
        tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }],
      }),
    );
    for (const piece of [text.slice(0, middle), text.slice(middle)]) {
      frames.push(chunk({ tool_calls: [{ index, function: { arguments: piece } }] }));
    }
  }
  frames.push(chunk({}, finishReason(turn)));
  frames.push(frame({ ...base, choices: [], usage: USAGE }));
  frames.push(frame('[DONE]'));
  return frames;
}

/**
 * For a test file whose tests each start one server: returns the starter, and closes the server
 * each test started after it. Call it once, at the top of the file.
 */
export function chatCompletionsServerPerTest(): (
  script: readonly ScriptedTurn[],
) => Promise<ChatCompletionsServer> {
  let current: ChatCompletionsServer | undefined;
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return async (script) => {
    current = await startChatCompletionsServer(script);
    return current;
  };
}
