import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One function call the scripted model makes; `arguments` is sent as written when it is a string. */
export interface ScriptedCall {
  readonly id: string;
  readonly name: string;
  readonly arguments: string | Record<string, unknown>;
}

/** One model turn of the script: text, function calls, or both. */
export interface ScriptedTurn {
  readonly text?: string;
  readonly calls?: readonly ScriptedCall[];
}

/** A `function` tool as a Responses request declares it. */
export interface DeclaredFunctionTool {
  readonly type: string;
  readonly name: string;
  readonly description?: string;
  readonly parameters: Record<string, unknown>;
  readonly strict?: boolean;
}

/** An input item of a Responses request, as far as the tests read it. */
export interface InputItem {
  readonly type?: string;
  readonly role?: string;
  readonly call_id?: string;
  readonly name?: string;
  readonly arguments?: string;
  /** A `function_call_output`'s output: text, or a list of input parts (text, images). */
  readonly output?: string | ReadonlyArray<Record<string, unknown>>;
}

/** The parts of a Responses request body the tests look at. */
export interface ResponsesRequestBody {
  readonly model?: string;
  readonly stream?: boolean;
  readonly tools?: readonly DeclaredFunctionTool[];
  readonly input: string | readonly InputItem[];
}

/** A loopback stand-in for the OpenAI Responses API (`POST /v1/responses`). */
export interface ResponsesServer {
  /** The base URL to give the `openai` client (ends in `/v1`). */
  readonly baseURL: string;
  /** Every request body, in order. */
  readonly requests: ResponsesRequestBody[];
  /** The names of the function tools a request declared, sorted. */
  declaredTools(requestIndex: number): string[];
  /** The `function_call_output`s a request carried back to the model, by call id. */
  callOutputs(requestIndex: number): Map<string, InputItem['output']>;
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (random port) that answers the n-th `POST /v1/responses`
 * with the n-th scripted turn as a whole Response object (what a non-streamed `run()` asks for)
 * and records every request body, so a test reads exactly what Agents JS sent over a real socket
 * through the official `openai` client. Past the script it answers "done". Anything else is a 404
 * naming the path, so a wrong base URL fails loudly.
 */
export async function startResponsesServer(script: readonly ScriptedTurn[]): Promise<ResponsesServer> {
  const requests: ResponsesRequestBody[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      if (incoming.method !== 'POST' || incoming.url !== '/v1/responses') {
        outgoing.writeHead(404, { 'content-type': 'application/json' });
        outgoing.end(JSON.stringify({ error: { message: `no route ${incoming.method} ${incoming.url}` } }));
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ResponsesRequestBody;
      const turn = script[requests.length] ?? { text: 'done' };
      requests.push(body);
      outgoing.writeHead(200, { 'content-type': 'application/json' });
      outgoing.end(JSON.stringify(responseOf(turn, requests.length)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const itemsOf = (index: number): readonly InputItem[] => {
    const input = requests[index]?.input;
    return typeof input === 'string' || input === undefined ? [] : input;
  };
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    declaredTools: (index) =>
      (requests[index]?.tools ?? [])
        .filter((tool) => tool.type === 'function')
        .map((tool) => tool.name)
        .sort(),
    callOutputs: (index) =>
      new Map(
        itemsOf(index)
          .filter((item) => item.type === 'function_call_output')
          .map((item) => [item.call_id ?? '', item.output]),
      ),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function argumentText(call: ScriptedCall): string {
  return typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
}

/** A completed Response: the turn's function calls, then its text as an assistant message. */
function responseOf(turn: ScriptedTurn, sequence: number): Record<string, unknown> {
  const output: Record<string, unknown>[] = (turn.calls ?? []).map((call, index) => ({
    type: 'function_call',
    id: `fc_${sequence}_${index}`,
    call_id: call.id,
    name: call.name,
    arguments: argumentText(call),
    status: 'completed',
  }));
  if (turn.text !== undefined) {
    output.push({
      type: 'message',
      id: `msg_${sequence}`,
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: turn.text, annotations: [] }],
    });
  }
  return {
    id: `resp_${sequence}`,
    object: 'response',
    created_at: 1,
    status: 'completed',
    model: 'scripted',
    output,
    parallel_tool_calls: true,
    tool_choice: 'auto',
    tools: [],
    usage: {
      input_tokens: 10,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 5,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: 15,
    },
  };
}
