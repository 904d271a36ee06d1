import { createOpenAICompatible } from '@ai-sdk/openai-compatible-v3';
import type { LanguageModel } from 'ai-v7';
import { describe } from 'vitest';

/** AI SDK 7 asks for Node 22 (`engines`); on older Node its tests are skipped, saying why. */
export const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

/** `describe` for AI SDK 7 tests: skipped on Node < 22, with the reason in the suite's name. */
export function describeAiSdk7(name: string, body: () => void): void {
  const supported = NODE_MAJOR >= 22;
  describe.skipIf(!supported)(
    supported
      ? `${name} (AI SDK 7)`
      : `${name} (AI SDK 7: skipped, ai 7 needs Node >= 22, this is Node ${NODE_MAJOR})`,
    body,
  );
}

/** The scripted server's model, through the real OpenAI-compatible provider of the AI SDK 7 line. */
export function scriptedModel7(baseURL: string): LanguageModel {
  return createOpenAICompatible({ name: 'scripted', baseURL, apiKey: 'test-key' }).chatModel('scripted');
}
