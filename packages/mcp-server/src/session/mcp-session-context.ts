import type {
  AuthInfo,
  ClientCapabilities,
  CreateMessageRequestParamsBase,
  CreateMessageResult,
  ElicitRequestFormParams,
  ElicitResult,
  Implementation,
  ListRootsResult,
  LoggingLevel,
} from '@modelcontextprotocol/server';
import type { ExecutionContext } from '@toolwright/contracts';

/** The execution-context field under which a served tool finds its {@link McpSessionContext}. */
export const MCP_SESSION_CONTEXT_FIELD = 'mcpSession';

/**
 * The execution-context field under which a served tool finds the server's artifact store
 * (when it has one), to store bytes and return them as an `artifact` part. A host's own
 * `contextFields` entry of that name wins.
 */
export const ARTIFACTS_CONTEXT_FIELD = 'artifacts';

/**
 * The requests a tool makes of its client, under one key: the name the request goes by in a
 * stateless call's `input_required` result (and the client's answer under it). Requests made
 * without a key are named `input-0`, `input-1`, ... in the order the tool makes them; give one
 * when a client expects a name, or when the order of requests can change between rounds.
 */
export interface McpKeyedRequests {
  createMessage(params: CreateMessageRequestParamsBase): Promise<CreateMessageResult>;
  elicitInput(params: ElicitRequestFormParams): Promise<ElicitResult>;
  listRoots(): Promise<ListRootsResult>;
}

/**
 * What a toolwright tool served over MCP may ask of the client that called it, found in its
 * execution context under {@link MCP_SESSION_CONTEXT_FIELD} (read it with
 * {@link mcpSessionOf}). Tools that do not know about MCP never see it and keep working.
 * Everything here is tied to the one call: a log message or a sampling request travels on
 * that call's response stream, and stops once the call is cancelled.
 */
export interface McpSessionContextV1 {
  /** Interface version; a breaking change adds `'v2'` beside it. */
  readonly specificationVersion: 'v1';
  /**
   * The MCP session id (Streamable HTTP), or the id this server gave a stdio session; for a
   * stateless (2026-07-28) request, which has no session, an id of its own.
   */
  readonly sessionId: string;
  /**
   * True for a stateless (2026-07-28) request. Its requests for input (`elicitInput`,
   * `createMessage`, `listRoots`) do not wait for the client: the first one the client has not
   * answered yet ends the call with an `input_required` result, and the client's retry with the
   * answers runs the tool again from the start, where each request finds its answer by key. Work
   * a tool does before its last request therefore runs once per round. (Optional, as are
   * `listRoots` and `keyed`, only so that a context of an older server still fits the interface:
   * this server always gives them.)
   */
  readonly stateless?: boolean;
  /** The client's name and version from its `initialize` request. */
  readonly clientInfo: Implementation | undefined;
  /** What the client declared it can do (`sampling`, `elicitation`, `roots`, ...). */
  readonly clientCapabilities: ClientCapabilities;
  /** What the host's bearer-token hook returned for this request, when there is one. */
  readonly authInfo: AuthInfo | undefined;
  /**
   * Sends `notifications/message` at `level`, unless the client asked (`logging/setLevel`)
   * for more severe messages only.
   */
  log(level: LoggingLevel, data: unknown, logger?: string): Promise<void>;
  /**
   * Asks the client's model for a completion (`sampling/createMessage`). Rejects with
   * `client_capability_missing` when the client did not declare `sampling`.
   */
  createMessage(params: CreateMessageRequestParamsBase): Promise<CreateMessageResult>;
  /**
   * Asks the client's user to fill in a form (`elicitation/create`). Rejects with
   * `client_capability_missing` when the client did not declare `elicitation`.
   */
  elicitInput(params: ElicitRequestFormParams): Promise<ElicitResult>;
  /**
   * Asks the client for its roots (`roots/list`). Rejects with `client_capability_missing` when
   * the client did not declare `roots`.
   */
  listRoots?(): Promise<ListRootsResult>;
  /** The same requests, going by `key` in a stateless call's rounds (see {@link McpKeyedRequests}). */
  keyed?(key: string): McpKeyedRequests;
  /**
   * Closes this call's response stream so the client polls for the result instead of holding a
   * connection open (Streamable HTTP with resumability, SEP-1699); the result is replayed to the
   * client when it reconnects. Returns false where there is no such stream (stdio).
   */
  closeResponseStream(): boolean;
}

/** The current version of the session context: {@link McpSessionContextV1}. */
export type McpSessionContext = McpSessionContextV1;

/**
 * The {@link McpSessionContext} in a tool's execution context, or `undefined` when the tool runs
 * outside an MCP server (an agent's own executor, a test).
 */
export function mcpSessionOf(context: ExecutionContext): McpSessionContext | undefined {
  const candidate = context[MCP_SESSION_CONTEXT_FIELD] as Partial<McpSessionContext> | undefined;
  return typeof candidate === 'object' &&
    candidate !== null &&
    candidate.specificationVersion === 'v1' &&
    typeof candidate.log === 'function'
    ? (candidate as McpSessionContext)
    : undefined;
}
