import type { RequestStateCodec, Server } from '@modelcontextprotocol/server';
import type { ArtifactAccess } from '../resources/artifact-access.js';
import { executorRunner, sessionRunner } from '../tools/call-runner.js';
import { ProgressReporter } from '../tools/progress-reporter.js';
import { requestIdempotencyKey } from '../tools/request-identity.js';
import { callTool } from '../tools/tool-call.js';
import type { CarriedInput } from './carried-input.js';
import type { InFlightCalls } from './in-flight-calls.js';
import { answerWithInput } from './input-round-trip.js';
import type { ServerCore } from './server-core.js';
import { createSessionContext, type SessionState } from './session-context.js';

/** What the tool handlers need of their session. */
export interface ToolSession extends SessionState {
  readonly calls: InFlightCalls;
  readonly artifacts: ArtifactAccess;
}

/**
 * `tools/list` and `tools/call`. A call runs as a tracked in-flight call (so shutdown can wait
 * for it) under a signal that follows the client's `notifications/cancelled`; with a progress
 * token in `_meta`, the tool's `onProgress` becomes `notifications/progress`. The tool's
 * `toolCallId` is the request id; its `idempotencyKey` is the client's (`_meta`) or one of this
 * session's request.
 *
 * A stateless (2026-07-28) request comes with `stateless`, the codec of its `requestState`: a
 * call whose tool asked for input the client has not given yet ends with an `input_required`
 * result instead of its own (see {@link InputRounds}).
 */
export function registerToolHandlers(
  server: Server,
  core: ServerCore,
  session: ToolSession,
  stateless?: RequestStateCodec<CarriedInput>,
): void {
  server.setRequestHandler('tools/list', () => ({ tools: core.tools.list() }));
  const run =
    core.executor === undefined
      ? sessionRunner(core, () => session.sessionId)
      : executorRunner(core.executor);
  const rendering = { store: core.store, artifacts: session.artifacts, limits: core.limits };
  server.setRequestHandler('tools/call', (request, ctx) => {
    const progressToken = request.params._meta?.progressToken;
    const progress =
      progressToken === undefined
        ? undefined
        : new ProgressReporter(
            progressToken,
            (params) => ctx.mcpReq.notify({ method: 'notifications/progress', params: { ...params } }),
            core.onError,
          );
    const id = String(ctx.mcpReq.id);
    const runCall = (signal: AbortSignal) =>
      answerWithInput(stateless, ctx, request.params, async (rounds) => {
        const mcpSession = createSessionContext(server, session, ctx, rounds);
        const result = await callTool(
          {
            id,
            name: request.params.name,
            arguments: request.params.arguments,
            idempotencyKey: requestIdempotencyKey(
              request.params._meta,
              session.sessionId,
              id,
              request.params.arguments,
            ),
            signal,
            fields: { onProgress: progress?.report, mcpSession, artifacts: core.store },
          },
          { tools: core.tools, run, rendering },
        );
        await progress?.flush();
        return result;
      });
    return session.calls.run(ctx.mcpReq.signal, runCall);
  });
}
