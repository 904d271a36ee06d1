import type { Server } from '@modelcontextprotocol/server';
import type { McpCompleter } from '../resources/resource-definitions.js';
import type { ServerCore } from './server-core.js';

/** The most values one completion answer carries (the spec's cap). */
const MAX_COMPLETION_VALUES = 100;

/** `prompts/list` and `prompts/get`. */
export function registerPromptHandlers(server: Server, core: ServerCore, sessionId: () => string): void {
  server.setRequestHandler('prompts/list', () => ({ prompts: core.prompts.list() }));
  server.setRequestHandler('prompts/get', (request, ctx) =>
    core.prompts.get(request.params.name, request.params.arguments ?? {}, {
      sessionId: sessionId(),
      signal: ctx.mcpReq.signal,
    }),
  );
}

/**
 * `completion/complete` for prompt arguments and resource-template variables. Without a
 * completer for the argument the answer is an empty list, which the spec allows: completion is
 * a convenience, never a reason to fail a client's request.
 */
export function registerCompletionHandler(server: Server, core: ServerCore): void {
  server.setRequestHandler('completion/complete', async (request) => {
    const { ref, argument, context } = request.params;
    const completer: McpCompleter | undefined =
      ref.type === 'ref/prompt'
        ? core.prompts.completer(ref.name, argument.name)
        : core.resources.completer(ref.uri, argument.name);
    const values =
      completer === undefined ? [] : await completer(argument.value, { arguments: context?.arguments ?? {} });
    return {
      completion: {
        values: values.slice(0, MAX_COMPLETION_VALUES),
        total: values.length,
        hasMore: values.length > MAX_COMPLETION_VALUES,
      },
    };
  });
}
