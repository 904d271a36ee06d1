import type { FunctionDeclaration } from '@toolwright/contracts';
import type { DeclarationSet } from '@toolwright/registry';
import type { ProviderId } from '../providers/model-provider.js';
import { openAiResponsesTools } from '../providers/openai-responses-tools.js';

/**
 * The `tools` value a provider puts in its request for these declarations (already projected
 * into its dialect by the registry), so that `tools --json` shows what a provider would
 * reject. Each case is the mapping in that provider's `stream()`, with the provider's default
 * options:
 *
 * - `anthropic`: `{ name, description, input_schema }`, plus `input_examples` for a tool with
 *   structured examples and `defer_loading: true` for a name in `search.deferLoading`, then
 *   `search.providerToolSearch` (`{ type, name }`) when anything is deferred
 * - `openai-chat`: `{ type: 'function', function: { name, description, parameters, strict } }`,
 *   strict where the tool declares it
 * - `openai-compatible`: the same, with `strict: false` (many compatible servers reject it)
 * - `openai-responses`: `{ type: 'function', name, description, parameters, strict }`; with
 *   OpenAI's tool search, the deferred ones in their `namespace`s with `defer_loading: true`, then
 *   `{ type: 'tool_search' }` (the provider's own mapping, `openAiResponsesTools`)
 * - `gemini`: one `{ functionDeclarations: [{ name, description, parameters }] }`
 * - `scripted`: the declarations themselves; the embedded model sends nothing over a wire
 *
 * A provider leaves `tools` out of the request when there are none. The providers build these
 * inline and do not export the mapping, so it is repeated here; a test sends each provider's
 * request to a loopback server and checks that this is what arrives.
 */
export function providerToolsPayload(
  provider: ProviderId,
  declarations: readonly FunctionDeclaration[],
  search?: Pick<DeclarationSet, 'deferLoading' | 'providerToolSearch' | 'deferredNamespaces'>,
): readonly unknown[] {
  switch (provider) {
    case 'anthropic': {
      const deferred = new Set(search?.deferLoading ?? []);
      const tools: unknown[] = declarations.map(({ name, description, parameters, inputExamples }) => ({
        name,
        description,
        input_schema: parameters,
        ...(inputExamples === undefined ? {} : { input_examples: inputExamples }),
        ...(deferred.has(name) ? { defer_loading: true } : {}),
      }));
      const tool = search?.providerToolSearch;
      if (tool !== undefined && deferred.size > 0) tools.push({ type: tool.type, name: tool.name });
      return tools;
    }
    case 'openai-chat':
    case 'openai-compatible': {
      const strict = provider === 'openai-chat';
      return declarations.map(({ name, description, parameters, strict: declared }) => ({
        type: 'function',
        function: { name, description, parameters, strict: strict && declared === true },
      }));
    }
    case 'openai-responses':
      return openAiResponsesTools({
        tools: declarations,
        ...(search?.providerToolSearch === undefined
          ? {}
          : { deferLoading: search.deferLoading, providerToolSearch: search.providerToolSearch }),
        ...(search?.deferredNamespaces === undefined
          ? {}
          : { deferredNamespaces: search.deferredNamespaces }),
      });
    case 'gemini':
      return [
        {
          functionDeclarations: declarations.map(({ name, description, parameters }) => ({
            name,
            description,
            parameters,
          })),
        },
      ];
    case 'scripted':
      return declarations;
  }
}
