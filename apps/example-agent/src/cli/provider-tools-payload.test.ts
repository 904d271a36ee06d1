import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { AnthropicProvider } from '../providers/anthropic-provider.js';
import { GeminiProvider } from '../providers/gemini-provider.js';
import type { ModelProvider, ProviderId } from '../providers/model-provider.js';
import { OpenAiChatProvider } from '../providers/openai-chat-provider.js';
import { OpenAiResponsesProvider } from '../providers/openai-responses-provider.js';
import { createAgentSession } from '../session/agent-session.js';
import { type RecordingServer, startRecordingServer } from '../test-support/recording-server.js';
import { makeTemporaryDirectory } from '../test-support/temporary-workspace.js';
import { dialectOfPath, textReply } from '../test-support/text-replies.js';
import { providerToolsPayload } from './provider-tools-payload.js';

const directory = makeTemporaryDirectory('tools-payload');
afterAll(() => directory.remove());
let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const providers: ReadonlyArray<[ProviderId, (url: string) => ModelProvider]> = [
  ['anthropic', (url) => new AnthropicProvider({ model: 'm', apiKey: 'k', baseUrl: url, maxRetries: 0 })],
  [
    'openai-chat',
    (url) => new OpenAiChatProvider({ model: 'm', apiKey: 'k', baseUrl: `${url}/v1`, maxRetries: 0 }),
  ],
  [
    'openai-compatible',
    (url) =>
      new OpenAiChatProvider({
        id: 'openai-compatible',
        model: 'm',
        apiKey: 'k',
        baseUrl: `${url}/v1`,
        maxRetries: 0,
      }),
  ],
  [
    'openai-responses',
    (url) => new OpenAiResponsesProvider({ model: 'm', apiKey: 'k', baseUrl: `${url}/v1`, maxRetries: 0 }),
  ],
  ['gemini', (url) => new GeminiProvider({ model: 'm', apiKey: 'k', baseUrl: url })],
];

/**
 * What `@google/genai` does to each declaration's `parameters` before sending (its internal
 * `processJsonSchema`): `type` upper-cased, `additionalProperties` dropped. The Gemini dialect
 * has no `anyOf`/`null` for it to fold into `nullable`, so this is all of it for these schemas.
 */
function asGeminiSdkSends(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(asGeminiSdkSends);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value)
    .filter(([key]) => key !== 'additionalProperties')
    .map(([key, inner]) => [
      key,
      key === 'type' && typeof inner === 'string' ? inner.toUpperCase() : asGeminiSdkSends(inner),
    ]);
  return Object.fromEntries(entries);
}

describe('providerToolsPayload is what each provider really sends', () => {
  it.each(providers)('%s', async (id, create) => {
    server = await startRecordingServer((request) => textReply(dialectOfPath(request.path), 'ok'));
    const provider = create(server.url);
    // The CLI's registry (built-ins and ToolSearch), in Plan and default mode.
    const session = createAgentSession({
      workspaceRoot: directory.path,
      stateDirectory: `${directory.path}/state-${id}`,
    });
    for (const mode of ['default', 'plan'] as const) {
      const { declarations } = session.registry.getFunctionDeclarationsByMode(mode, provider.target);
      expect(declarations.length).toBeGreaterThan(3);
      await provider.send({ system: 's', messages: [{ role: 'user', text: 'hi' }], tools: declarations });
      const sent = server.requests.at(-1)!.body.tools;
      const payload = JSON.parse(JSON.stringify(providerToolsPayload(id, declarations))) as unknown;
      // Gemini: the payload is what the provider hands its SDK, which rewrites the schemas.
      expect(sent).toEqual(id === 'gemini' ? asGeminiSdkSends(payload) : payload);
    }
  });
});
