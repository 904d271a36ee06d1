import { type RecordedRequest, startStreamingServer } from './streaming-server.js';
import { anthropicFrames, type WholeMessage } from './streaming-server-anthropic.js';
import { geminiFrames, type WholeGeminiResponse } from './streaming-server-gemini.js';
import { openAiChatFrames, type WholeChatCompletion } from './streaming-server-openai-chat.js';
import { openAiResponsesFrames, type WholeResponse } from './streaming-server-openai-responses.js';

export type { RecordedRequest } from './streaming-server.js';

/** A loopback HTTP server that records requests and answers each with the given response. */
export interface RecordingServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

/**
 * Starts an HTTP server on 127.0.0.1 (random port) that records every request body and answers
 * with `respond(request)` — a stand-in for a provider's API that the official SDKs talk to over
 * a real socket. `respond` gives the provider's whole, non-streamed answer (a Chat Completion,
 * a Responses API response, a Messages API message, a `generateContent` response); when the
 * request asks to stream, the same answer goes out in that API's server-sent-event format.
 */
export async function startRecordingServer(
  respond: (request: RecordedRequest) => unknown,
): Promise<RecordingServer> {
  return startStreamingServer((request) => {
    const answer = respond(request);
    const frames = streamedFrames(request, answer);
    return frames === undefined ? { json: answer } : { frames };
  });
}

/** The answer in the streaming format the request asked for, or undefined for a plain answer. */
function streamedFrames(request: RecordedRequest, answer: unknown): string[] | undefined {
  const path = new URL(request.path, 'http://127.0.0.1').pathname;
  if (path.endsWith(':streamGenerateContent')) return geminiFrames(answer as WholeGeminiResponse);
  if (request.body.stream !== true) return undefined;
  if (path.endsWith('/chat/completions')) return openAiChatFrames(answer as WholeChatCompletion);
  if (path.endsWith('/responses')) return openAiResponsesFrames(answer as WholeResponse);
  if (path.endsWith('/messages')) return anthropicFrames(answer as WholeMessage);
  return undefined;
}
