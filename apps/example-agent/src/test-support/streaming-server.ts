import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { waitFor } from '@toolwright/test-support';

/** One request the loopback server received. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** How the server answers one request. */
export interface StreamedReply {
  /** HTTP status; default 200. */
  status?: number;
  /** A body sent whole as JSON (an error, or a non-streamed answer); ignored when `frames` is set. */
  json?: unknown;
  /** Server-sent-event frames (see streaming-server-frames.ts), written one at a time. */
  frames?: readonly string[];
  /** The pause before each frame, in milliseconds; default 0. */
  frameDelayMs?: number;
  /** Destroys the connection after this many frames, as a dropped network link would. */
  dropAfterFrames?: number;
  /**
   * Holds the last frame until this holds: a test that asserts the client acted on the stream
   * before it ended makes that a condition of the stream, not a race with the frame delay.
   */
  holdLastFrameUntil?: () => boolean;
}

/** What the server did for one streamed response, for assertions on timing. */
export interface StreamedResponseLog {
  /** `performance.now()` just before each frame was written, comparable with the client's clock. */
  readonly frameWrittenAt: number[];
  /** Every frame was written and the response ended. */
  finished: boolean;
  /** The client went away before the last frame (an abort). */
  clientClosed: boolean;
  /** The server destroyed the connection on purpose (`dropAfterFrames`). */
  dropped: boolean;
}

/** A loopback server that records requests and streams its replies with real pauses. */
export interface StreamingServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** One entry per request, in order. */
  readonly responses: StreamedResponseLog[];
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (random port) that records every request and answers with
 * `reply(request)`: a JSON body, or server-sent-event frames flushed one by one with a pause
 * before each — a stand-in for a provider's streaming API that the official SDKs read over a
 * real socket, at the pace a model would write.
 */
export async function startStreamingServer(
  reply: (request: RecordedRequest) => StreamedReply,
): Promise<StreamingServer> {
  const requests: RecordedRequest[] = [];
  const responses: StreamedResponseLog[] = [];
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const recorded: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: incoming.url ?? '/',
        headers: incoming.headers,
        body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
      };
      requests.push(recorded);
      const log: StreamedResponseLog = {
        frameWrittenAt: [],
        finished: false,
        clientClosed: false,
        dropped: false,
      };
      responses.push(log);
      void answer(outgoing, reply(recorded), log);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    responses,
    close: () =>
      new Promise((resolve) => {
        // A test that stopped reading leaves its stream open; end it rather than wait for it.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(
  outgoing: ServerResponse,
  reply: StreamedReply,
  log: StreamedResponseLog,
): Promise<void> {
  const status = reply.status ?? 200;
  if (reply.frames === undefined) {
    outgoing.writeHead(status, { 'content-type': 'application/json' });
    outgoing.end(JSON.stringify(reply.json ?? {}));
    log.finished = true;
    return;
  }
  outgoing.on('close', () => {
    if (!log.finished && !log.dropped) log.clientClosed = true;
  });
  outgoing.writeHead(status, {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  // Headers go out now, as a real API sends them before the model has written anything.
  outgoing.flushHeaders();
  for (const [index, frame] of reply.frames.entries()) {
    if (reply.dropAfterFrames !== undefined && index >= reply.dropAfterFrames) {
      log.dropped = true;
      outgoing.socket?.destroy();
      return;
    }
    if ((reply.frameDelayMs ?? 0) > 0)
      await new Promise((resolve) => setTimeout(resolve, reply.frameDelayMs));
    if (index === reply.frames.length - 1 && reply.holdLastFrameUntil !== undefined)
      await waitFor(reply.holdLastFrameUntil);
    if (outgoing.destroyed || log.clientClosed) return;
    log.frameWrittenAt.push(performance.now());
    outgoing.write(frame);
  }
  log.finished = true;
  outgoing.end();
}
