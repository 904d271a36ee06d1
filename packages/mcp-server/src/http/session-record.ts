import type { AuthInfo, WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/server';
import type { McpLogLevelV1, McpSessionRecordStoreV1, McpSessionRecordV1 } from '@toolwright/spec';
import type { ServerSession } from '../session/server-session.js';

/** The record of a session just opened by the `initialize` request `body`. */
export function sessionRecordOf(
  sessionId: string,
  body: unknown,
  auth: AuthInfo | undefined,
): McpSessionRecordV1 {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  const initialize = messages.find(
    (message) => (message as { method?: unknown } | null)?.method === 'initialize',
  ) as { params?: { protocolVersion?: unknown; clientInfo?: unknown; capabilities?: unknown } } | undefined;
  const params = initialize?.params ?? {};
  const now = Date.now();
  return {
    specificationVersion: 'v1',
    sessionId,
    protocolVersion: typeof params.protocolVersion === 'string' ? params.protocolVersion : '2025-03-26',
    clientInfo: (params.clientInfo ?? { name: 'unknown', version: '0' }) as McpSessionRecordV1['clientInfo'],
    clientCapabilities: (params.capabilities ?? {}) as McpSessionRecordV1['clientCapabilities'],
    ...(auth?.clientId === undefined ? {} : { principal: auth.clientId }),
    createdAt: now,
    lastSeenAt: now,
  };
}

/**
 * Re-opens a recorded session on this replica's fresh transport: the client's `initialize` and
 * `notifications/initialized`, as the record keeps them, answered to no one. The transport then
 * holds the recorded session id and serves the client's next request as if it had opened here.
 */
export async function replayHandshake(
  transport: WebStandardStreamableHTTPServerTransport,
  record: McpSessionRecordV1,
  auth: AuthInfo | undefined,
): Promise<void> {
  const initialize = {
    jsonrpc: '2.0',
    id: `toolwright-reopen-${record.sessionId}`,
    method: 'initialize',
    params: {
      protocolVersion: record.protocolVersion,
      capabilities: record.clientCapabilities,
      clientInfo: record.clientInfo,
    },
  };
  const initialized = { jsonrpc: '2.0', method: 'notifications/initialized' };
  for (const [message, headers] of [
    [initialize, {}],
    [initialized, { 'mcp-session-id': record.sessionId, 'mcp-protocol-version': record.protocolVersion }],
  ] as const) {
    const answer = await transport.handleRequest(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(message),
      }),
      { parsedBody: message, ...(auth === undefined ? {} : { authInfo: auth }) },
    );
    await answer.text();
    if (!answer.ok)
      throw new Error(`Re-opening MCP session ${record.sessionId} failed: HTTP ${answer.status}.`);
  }
}

/**
 * Saves what a request of the session changed in its shared record: the log level it asked for
 * and the resources it subscribed to, which any replica must honour next.
 */
export async function saveSessionState(
  entry: { record: McpSessionRecordV1 | undefined; readonly session: ServerSession },
  records: McpSessionRecordStoreV1 | undefined,
): Promise<void> {
  const { record, session } = entry;
  if (record === undefined || records === undefined) return;
  const logLevel = session.logLevel as McpLogLevelV1 | undefined;
  const subscriptions = [...session.subscriptions].sort();
  const saved = [...(record.resourceSubscriptions ?? [])].sort();
  if (logLevel === record.logLevel && subscriptions.join('\n') === saved.join('\n')) return;
  const { logLevel: _level, resourceSubscriptions: _subscriptions, ...rest } = record;
  entry.record = {
    ...rest,
    ...(logLevel === undefined ? {} : { logLevel }),
    ...(subscriptions.length === 0 ? {} : { resourceSubscriptions: subscriptions }),
    lastSeenAt: Date.now(),
  };
  await records.put(entry.record);
}
