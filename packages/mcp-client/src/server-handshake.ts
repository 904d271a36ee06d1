import type { PriorDiscovery, Transport } from '@modelcontextprotocol/client';
import { Client } from '@modelcontextprotocol/client';
import { needsAuthError, oauthConfigOf } from './auth/oauth-connection.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { HostAnswers } from './host-answers.js';
import { reasonOf } from './sdk-error-mapping.js';
import type { ServerConnectionOptions } from './server-connection-options.js';
import type { McpServerDefinition } from './server-definition.js';
import { createServerTransport } from './server-transport.js';
import type { StderrTail } from './stderr-tail.js';
import { describeStdioOverflow, stdioOverflowLimitOf } from './stdio-message-limit.js';
import { carryTraceContext } from './telemetry/trace-context-injection.js';
import { shutDownTransport } from './transport-shutdown.js';
import { requireSupport } from './transport-support.js';
import { keepWireOrder } from './wire-order.js';

/** One handshake to do: with which server, within what time, and whom to tell what. */
export interface HandshakeRequest {
  readonly definition: McpServerDefinition;
  readonly options: ServerConnectionOptions;
  /** The server's handshake timeout (its own, or the shared default). */
  readonly connectTimeoutMs: number;
  /** Where a stdio server's stderr goes (quoted in failures). */
  readonly stderr: StderrTail;
  /** Where the host's handlers answer the server's questions (elicitation, sampling). */
  readonly answers: HostAnswers;
  /** The transport as soon as it exists (so a close during the handshake can end it), and `undefined` once dropped. */
  onTransport(transport: Transport | undefined): void;
  /**
   * The SDK refused a message over the stdio limit on `client` (it reports that only through
   * the client's `onerror`, then closes the transport): now, or at any later time.
   */
  onOverflow(client: Client, limit: number): void;
  /**
   * The era this server agreed on the last successful connect of this session: a reconnect
   * adopts it instead of probing again (a server does not change its protocol under a running
   * host's feet; a new session probes afresh).
   */
  readonly prior?: PriorDiscovery | undefined;
}

/** The era a connected client agreed, in the form a later connect can adopt. */
export function priorOf(client: Client): PriorDiscovery | undefined {
  const discover = client.getDiscoverResult();
  if (client.getProtocolEra() === 'modern' && discover !== undefined) return { kind: 'modern', discover };
  return client.getProtocolEra() === 'legacy' ? { kind: 'legacy' } : undefined;
}

/**
 * How long a stdio server has to answer the era probe (`server/discover`, 2026-07-28) before it
 * counts as a 2025 server and gets the `initialize` handshake: some older stdio servers never
 * answer a request they do not know, and they must cost seconds, not the whole handshake timeout.
 * Over HTTP, silence is an outage, not an era: the probe there has the handshake's whole time.
 */
const MAX_STDIO_PROBE_MS = 5_000;

function probeTimeoutMs(definition: McpServerDefinition, connectTimeoutMs: number): number {
  return definition.transport === 'stdio' ? Math.min(MAX_STDIO_PROBE_MS, connectTimeoutMs) : connectTimeoutMs;
}

/**
 * A fresh transport and SDK client that completed the MCP handshake within the timeout. On
 * failure the transport is shut down (no child process left behind) and the rejection is an
 * {@link McpClientError} naming the server: `timeout`, `message_too_large` (an
 * `initialize` answer over the stdio limit) or `connect_failed` with the reason and the
 * tail of stderr.
 */
export async function openClient(
  request: HandshakeRequest,
): Promise<{ client: Client; transport: Transport }> {
  const { definition, options, connectTimeoutMs, stderr } = request;
  const server = definition.name;
  // A new client each time: the capabilities are declared, and their handlers installed, on every (re)connect.
  const client = new Client(options.clientInfo, {
    capabilities: options.clientCapabilities.declared(),
    versionNegotiation: { mode: 'auto', probe: { timeoutMs: probeTimeoutMs(definition, connectTimeoutMs) } },
  });
  options.clientCapabilities.install(client, server, request.answers);
  let overflowLimit: number | undefined;
  client.onerror = (error) => {
    const limit = stdioOverflowLimitOf(error);
    if (limit === undefined) return;
    overflowLimit = limit;
    request.onOverflow(client, limit);
  };
  let transport: Transport | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new McpClientError(
          McpClientErrorCode.Timeout,
          `MCP server "${server}" did not complete the MCP handshake within ${connectTimeoutMs} ms${stderr.suffix()}`,
          { server },
        ),
      );
    }, connectTimeoutMs);
  });
  try {
    // Inside the try: a custom createTransport that throws is a failed connect like any other.
    transport = await createTransport(request);
    if (options.telemetry?.enabled !== false) carryTraceContext(transport);
    request.onTransport(transport);
    const connectOptions = request.prior === undefined ? {} : { prior: request.prior };
    await Promise.race([
      client.connect(transport, { timeout: connectTimeoutMs, ...connectOptions }),
      timedOut,
    ]);
    keepWireOrder(transport);
    return { client, transport };
  } catch (error) {
    await shutDownTransport(client, transport, options.shutdownGraceMs, options.stdio);
    request.onTransport(undefined);
    const needsAuth = needsAuthError(server, error);
    if (needsAuth !== undefined) throw needsAuth;
    if (McpClientError.isInstance(error)) throw error;
    if (overflowLimit !== undefined) {
      throw new McpClientError(
        McpClientErrorCode.MessageTooLarge,
        describeStdioOverflow(server, overflowLimit, ['the MCP handshake']),
        { server, cause: error },
      );
    }
    throw new McpClientError(
      McpClientErrorCode.ConnectFailed,
      `MCP server "${server}" failed to start or complete the MCP handshake: ${reasonOf(error)}${stderr.suffix()}`,
      { server, cause: error },
    );
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The transport of one (re)connect: through the OAuth support for a Streamable HTTP server with
 * an `oauth` config, else as the definition says (see createServerTransport).
 */
function createTransport(request: HandshakeRequest): Promise<Transport> {
  const { definition, options, stderr } = request;
  const oauth = oauthConfigOf(definition);
  if (oauth !== undefined && definition.transport === 'streamable-http') {
    return requireSupport('oauth', definition.name, options.oauth).transport(definition, oauth);
  }
  return createServerTransport(definition, {
    stdioMaxMessageBytes: options.stdioMaxMessageBytes,
    shutdownGraceMs: options.shutdownGraceMs,
    onStderr: (chunk) => stderr.append(chunk),
    stdio: options.stdio,
  });
}
