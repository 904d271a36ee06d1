import {
  type CreateMessageRequestParamsBase,
  type CreateMessageResult,
  type ElicitRequestFormParams,
  type ElicitResult,
  type InputRequest,
  type ListRootsResult,
  LOG_LEVEL_META_KEY,
  type LoggingLevel,
  type Server,
  type ServerContext,
} from '@modelcontextprotocol/server';
import { McpServerError, McpServerErrorCode } from '../mcp-server-error.js';
import type { InputRounds } from './input-rounds.js';
import { passesLevel } from './logging-level.js';
import type { McpKeyedRequests, McpSessionContext } from './mcp-session-context.js';

/** The part of a session a call's {@link McpSessionContext} reads. */
export interface SessionState {
  readonly sessionId: string;
  readonly logLevel: LoggingLevel | undefined;
}

type ClientCapability = 'sampling' | 'elicitation' | 'roots';

/**
 * The {@link McpSessionContext} of one request. Over a 2025 session, messages and requests go
 * through the request's own `notify`/`send`, so over Streamable HTTP they travel on that call's
 * response stream (a client need not hold a separate GET stream open) and stop when the call is
 * cancelled. A stateless request (`rounds` given) asks nothing of the client while it runs: its
 * requests are answered from the client's input responses, or end the round (see
 * {@link InputRounds}).
 */
export function createSessionContext(
  server: Server,
  state: SessionState,
  ctx: ServerContext,
  rounds?: InputRounds,
): McpSessionContext {
  const capabilities = server.getClientCapabilities() ?? {};
  const require = (capability: ClientCapability, method: string): void => {
    if (capabilities[capability] === undefined) {
      rounds?.needCapability(capability);
      throw new McpServerError(
        McpServerErrorCode.ClientCapabilityMissing,
        `The client did not declare the "${capability}" capability, so ${method} cannot be sent to it.`,
      );
    }
  };
  const ask = async (key: string | undefined, request: InputRequest, fits: (answer: unknown) => boolean) =>
    rounds === undefined
      ? ctx.mcpReq.send({ method: request.method, params: request.params ?? {} })
      : rounds.answer(key, request, fits);
  const envelopeLevel = ctx.mcpReq.envelope?.[LOG_LEVEL_META_KEY as never] as LoggingLevel | undefined;
  // A stateless request that names no log level gets no log messages (spec 2026-07-28).
  const logLevel = rounds === undefined ? state.logLevel : envelopeLevel;
  const logs = rounds === undefined || envelopeLevel !== undefined;
  function requestsUnder(key: string | undefined): McpKeyedRequests {
    return {
      async createMessage(params: CreateMessageRequestParamsBase) {
        require('sampling', 'sampling/createMessage');
        const request: InputRequest = { method: 'sampling/createMessage', params };
        return (await ask(key, request, isSamplingAnswer)) as CreateMessageResult;
      },
      async elicitInput(params: ElicitRequestFormParams) {
        require('elicitation', 'elicitation/create');
        const request: InputRequest = { method: 'elicitation/create', params };
        return (await ask(key, request, isElicitationAnswer)) as ElicitResult;
      },
      async listRoots() {
        require('roots', 'roots/list');
        const request: InputRequest = { method: 'roots/list', params: {} };
        return (await ask(key, request, isRootsAnswer)) as ListRootsResult;
      },
    };
  }
  return Object.freeze({
    specificationVersion: 'v1',
    sessionId: state.sessionId,
    stateless: rounds !== undefined,
    clientInfo: server.getClientVersion(),
    clientCapabilities: capabilities,
    authInfo: ctx.http?.authInfo,
    async log(level, data, logger) {
      if (!logs || !passesLevel(level, logLevel)) return;
      await ctx.mcpReq.notify({
        method: 'notifications/message',
        params: { level, data, ...(logger === undefined ? {} : { logger }) },
      });
    },
    ...requestsUnder(undefined),
    keyed: requestsUnder,
    closeResponseStream() {
      const close = ctx.http?.closeSSE;
      if (close === undefined) return false;
      close();
      return true;
    },
  } satisfies McpSessionContext);
}

// A client's answer arrives unchecked; one of the wrong shape is asked for again rather than
// handed to the tool as if it were the answer.
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isElicitationAnswer(answer: unknown): boolean {
  if (!isRecord(answer)) return false;
  const { action, content } = answer;
  if (action !== 'accept' && action !== 'decline' && action !== 'cancel') return false;
  return action !== 'accept' || content === undefined || isRecord(content);
}

function isSamplingAnswer(answer: unknown): boolean {
  return isRecord(answer) && typeof answer.role === 'string' && answer.content !== undefined;
}

function isRootsAnswer(answer: unknown): boolean {
  return isRecord(answer) && Array.isArray(answer.roots);
}
