import type { RequestStateCodec, Server } from '@modelcontextprotocol/server';
import type { McpCompleter } from '../resources/resource-definitions.js';
import type { CarriedInput } from './carried-input.js';
import { answerWithInput } from './input-round-trip.js';
import type { ServerCore } from './server-core.js';
import { createSessionContext, type SessionState } from './session-context.js';

/** The most values one completion answer carries (the spec's cap). */
const MAX_COMPLETION_VALUES = 100;

/**
 * `prompts/list` and `prompts/get`. A prompt may ask its client for input as a tool does; over a
 * stateless request (`stateless` given) that ends the round with `input_required`.
 */
export function registerPromptHandlers(
  server: Server,
  core: ServerCore,
  session: SessionState,
  stateless?: RequestStateCodec<CarriedInput>,
): void {
  server.setRequestHandler('prompts/list', () => ({ prompts: core.prompts.list() }));
  server.setRequestHandler('prompts/get', (request, ctx) =>
    answerWithInput(stateless, ctx, request.params, (rounds) =>
      core.prompts.get(request.params.name, request.params.arguments ?? {}, {
        sessionId: session.sessionId,
        signal: ctx.mcpReq.signal,
        mcpSession: createSessionContext(server, session, ctx, rounds),
      }),
    ),
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
