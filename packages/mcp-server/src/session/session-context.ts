import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CreateMessageResultSchema,
  ElicitResultSchema,
  type LoggingLevel,
  type ServerNotification,
  type ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';
import { McpServerError, McpServerErrorCode } from '../mcp-server-error.js';
import { passesLevel } from './logging-level.js';
import type { McpSessionContext } from './mcp-session-context.js';

/** The part of a session a call's {@link McpSessionContext} reads. */
export interface SessionState {
  readonly sessionId: string;
  readonly logLevel: LoggingLevel | undefined;
}

/**
 * The {@link McpSessionContext} of one request. Messages and requests go through the request's
 * own `sendNotification`/`sendRequest`, so over Streamable HTTP they travel on that call's
 * response stream (a client need not hold a separate GET stream open) and stop when the call is
 * cancelled.
 */
export function createSessionContext(
  server: Server,
  state: SessionState,
  extra: RequestHandlerExtra<ServerRequest, ServerNotification>,
): McpSessionContext {
  const capabilities = server.getClientCapabilities() ?? {};
  const require = (capability: 'sampling' | 'elicitation', method: string): void => {
    if (capabilities[capability] === undefined) {
      throw new McpServerError(
        McpServerErrorCode.ClientCapabilityMissing,
        `The client did not declare the "${capability}" capability, so ${method} cannot be sent to it.`,
      );
    }
  };
  return Object.freeze({
    specificationVersion: 'v1',
    sessionId: state.sessionId,
    clientInfo: server.getClientVersion(),
    clientCapabilities: capabilities,
    authInfo: extra.authInfo,
    async log(level, data, logger) {
      if (!passesLevel(level, state.logLevel)) return;
      await extra.sendNotification({
        method: 'notifications/message',
        params: { level, data, ...(logger === undefined ? {} : { logger }) },
      });
    },
    async createMessage(params) {
      require('sampling', 'sampling/createMessage');
      return extra.sendRequest({ method: 'sampling/createMessage', params }, CreateMessageResultSchema);
    },
    async elicitInput(params) {
      require('elicitation', 'elicitation/create');
      return extra.sendRequest({ method: 'elicitation/create', params }, ElicitResultSchema);
    },
    closeResponseStream() {
      if (extra.closeSSEStream === undefined) return false;
      extra.closeSSEStream();
      return true;
    },
  } satisfies McpSessionContext);
}
