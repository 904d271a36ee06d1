import {
  checkOption,
  checkOptions,
  type OptionTable,
  POSITIVE_TIMER_MS,
  TELEMETRY_OPTION_RULE,
  type TelemetryOptions,
  TIMER_MS,
} from '@toolwright/utils';
import { ClientCapabilitySet } from './capabilities/client-capability-set.js';
import type { McpClientCapabilities, McpRoot } from './capabilities/client-capability-types.js';
import type { McpFormAnswerCheck } from './capabilities/form-answer-check.js';
import { CONNECTION_OPTION_NAMES } from './connection-option-names.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import type { McpConnectionChange } from './events/connection-state.js';
import { invalidOption } from './invalid-option.js';
import { type ReconnectPolicy, resolveReconnectPolicy } from './reconnect-loop.js';
import { ServerConnection } from './server-connection.js';
import type { ServerConnectionHooks, ServerConnectionOptions } from './server-connection-options.js';
import { checkServerDefinitions, type McpServerDefinition } from './server-definition.js';
import { DEFAULT_STDIO_MAX_MESSAGE_BYTES, STDIO_MAX_MESSAGE_BYTES_RANGE } from './stdio-message-limit.js';
import type { McpOAuthSupport, McpStdioSupport } from './transport-support.js';

/** Options of {@link McpConnectionManager}. */
export interface McpConnectionManagerOptions {
  /** Sent to servers in the handshake; default `{ name: 'toolwright', version: '0' }`. */
  readonly clientInfo?: { name: string; version: string };
  /** Default handshake timeout per server; default 30 s. A server's own `connectTimeoutMs` wins. */
  readonly connectTimeoutMs?: number;
  /** Default timeout per request; default 60 s. A server's own `requestTimeoutMs` wins. */
  readonly requestTimeoutMs?: number;
  /**
   * The longest a tool call may take in all, however often its progress resets its request
   * timeout; default 10 min.
   */
  readonly maxTotalRequestMs?: number;
  readonly reconnect?: Partial<ReconnectPolicy>;
  /** How long a stdio server may take to exit after its stdin closes before it gets SIGTERM; default 500 ms. */
  readonly shutdownGraceMs?: number;
  /**
   * The largest message a stdio server may send, in bytes; default the SDK's 10 MiB. A larger
   * one makes the SDK drop the connection: the adapter reports it by server, limit and request.
   */
  readonly stdioMaxMessageBytes?: number;
  /**
   * Roots, elicitation and sampling offered to servers: each declared only when given (see
   * {@link McpClientCapabilities}), on every connect and reconnect.
   */
  readonly clientCapabilities?: McpClientCapabilities | ClientCapabilitySet;
  /**
   * Checks an accepted form elicitation's answer against the schema the server requested
   * before it is sent; default {@link restrictedFormAnswerCheck} (the flat schemas MCP allows
   * for forms). A host with a full JSON Schema validator passes a check built on it. Not used
   * when `clientCapabilities` is a `ClientCapabilitySet`, which has its own.
   */
  readonly formAnswerCheck?: McpFormAnswerCheck;
  /**
   * OAuth for servers with an `oauth` config: `mcpOAuth(options)` of
   * `@toolwright/mcp-client/oauth` (tokens, login, store). Such a server fails to connect without it.
   */
  readonly oauth?: McpOAuthSupport;
  /**
   * Stdio servers: `stdioSupport` of `@toolwright/mcp-client/stdio` (Node). A stdio server fails
   * to connect without it; the root entry of this package spawns nothing.
   */
  readonly stdio?: McpStdioSupport;
  /**
   * OpenTelemetry for every request the connections send: a CLIENT span each
   * (`{mcp.method.name} {target}`, under the caller's active span) whose W3C trace context goes
   * to the server in the request's `_meta`, and the `mcp.client.operation.duration` histogram,
   * to the globally registered providers. On by default and free without `@opentelemetry/api`
   * installed; `{ enabled: false }` turns it off, `recordContent` adds tool arguments and results.
   */
  readonly telemetry?: TelemetryOptions;
  /** Every phase of every server. */
  readonly onConnectionChange?: (change: McpConnectionChange) => void;
  /** A server finished its handshake (first time or after reconnecting). */
  readonly onReady?: (connection: ServerConnection, recovered: boolean) => Promise<void> | void;
}

/** The defaults a manager fills in for options left out. */
export const DEFAULT_CONNECTION_OPTIONS = Object.freeze({
  clientInfo: Object.freeze({ name: 'toolwright', version: '0' }),
  connectTimeoutMs: 30_000,
  requestTimeoutMs: 60_000,
  maxTotalRequestMs: 600_000,
  shutdownGraceMs: 500,
  stdioMaxMessageBytes: DEFAULT_STDIO_MAX_MESSAGE_BYTES,
});

const MANAGER_OPTION_NAMES: OptionTable<McpConnectionManagerOptions> = {
  ...CONNECTION_OPTION_NAMES,
  stdio: { kind: 'custom' },
  formAnswerCheck: { kind: 'custom' },
  onConnectionChange: { kind: 'custom' },
  onReady: { kind: 'custom' },
};

// The SDK's Implementation fields: the handshake sends them as they are.
// The MCP `Implementation` fields beyond name and version are passed on as they are.
const CLIENT_INFO_OPTIONS: OptionTable = {
  name: { kind: 'string', required: true },
  version: { kind: 'string', required: true },
  title: { kind: 'custom' },
  description: { kind: 'custom' },
  websiteUrl: { kind: 'custom' },
  icons: { kind: 'custom' },
};

/**
 * The connection options in force: each given one checked by name and value (`owner` names
 * who was given them in the message), the defaults for the rest.
 */
export function resolveConnectionOptions(
  owner: string,
  options: Omit<McpConnectionManagerOptions, 'onConnectionChange' | 'onReady'>,
): ServerConnectionOptions {
  checkOption(
    owner,
    'clientInfo',
    options.clientInfo,
    { kind: 'object', options: CLIENT_INFO_OPTIONS },
    invalidOption,
  );
  checkOption(owner, 'connectTimeoutMs', options.connectTimeoutMs, POSITIVE_TIMER_MS, invalidOption);
  checkOption(owner, 'requestTimeoutMs', options.requestTimeoutMs, POSITIVE_TIMER_MS, invalidOption);
  checkOption(owner, 'maxTotalRequestMs', options.maxTotalRequestMs, POSITIVE_TIMER_MS, invalidOption);
  checkOption(owner, 'shutdownGraceMs', options.shutdownGraceMs, TIMER_MS, invalidOption);
  checkOption(owner, 'formAnswerCheck', options.formAnswerCheck, { kind: 'function' }, invalidOption);
  checkOption(owner, 'telemetry', options.telemetry, TELEMETRY_OPTION_RULE, invalidOption);
  checkOption(
    owner,
    'stdioMaxMessageBytes',
    options.stdioMaxMessageBytes,
    STDIO_MAX_MESSAGE_BYTES_RANGE,
    invalidOption,
  );
  const defaults = DEFAULT_CONNECTION_OPTIONS;
  return {
    clientInfo: options.clientInfo ?? defaults.clientInfo,
    connectTimeoutMs: options.connectTimeoutMs ?? defaults.connectTimeoutMs,
    requestTimeoutMs: options.requestTimeoutMs ?? defaults.requestTimeoutMs,
    maxTotalRequestMs: options.maxTotalRequestMs ?? defaults.maxTotalRequestMs,
    reconnect: resolveReconnectPolicy(`${owner}.reconnect`, options.reconnect),
    shutdownGraceMs: options.shutdownGraceMs ?? defaults.shutdownGraceMs,
    stdioMaxMessageBytes: options.stdioMaxMessageBytes ?? defaults.stdioMaxMessageBytes,
    ...(options.telemetry === undefined ? {} : { telemetry: options.telemetry }),
    // An adapter hands its manager the set it already built, so both share one list of roots.
    clientCapabilities:
      options.clientCapabilities instanceof ClientCapabilitySet
        ? options.clientCapabilities
        : new ClientCapabilitySet(
            `${owner}.clientCapabilities`,
            options.clientCapabilities,
            options.formAnswerCheck,
          ),
    ...supportOption(
      owner,
      'oauth',
      options.oauth,
      ['transport'],
      "mcpOAuth(options) of '@toolwright/mcp-client/oauth'",
    ),
    ...supportOption(
      owner,
      'stdio',
      options.stdio,
      ['transport', 'endProcessTree'],
      "stdioSupport of '@toolwright/mcp-client/stdio'",
    ),
  };
}

/** `{ [name]: value }` for a support object with the methods it needs; `{}` when not given. */
function supportOption<Name extends 'oauth' | 'stdio', T>(
  owner: string,
  name: Name,
  value: T | undefined,
  methods: readonly string[],
  expected: string,
): { [K in Name]?: T } {
  if (value === undefined) return {};
  const missing = methods.filter(
    (method) => typeof (value as Record<string, unknown> | null)?.[method] !== 'function',
  );
  if (missing.length > 0) {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `${owner}: ${name} must be ${expected}; the value given has no ${missing.join(', ')} method.`,
    );
  }
  return { [name]: value } as { [K in Name]?: T };
}

/** The outcome of {@link McpConnectionManager.connectAll}. */
export interface ConnectAllResult {
  readonly connected: string[];
  /** Servers that failed, each with the reason; the others keep working. */
  readonly failed: Array<{ server: string; reason: string; error: McpClientError }>;
}

/**
 * Owns the connections to a set of MCP servers: connects them in parallel (each with its own
 * timeout, one failure never blocks the others), reconnects lost ones with exponential
 * backoff, and closes all of them — ending every child process it started.
 */
export class McpConnectionManager {
  readonly #connections = new Map<string, ServerConnection>();
  readonly #capabilities: ClientCapabilitySet;

  /** @throws McpClientError `invalid_option` for an unknown or out-of-range option or a malformed server definition. */
  constructor(servers: readonly McpServerDefinition[], options: McpConnectionManagerOptions = {}) {
    checkOptions('McpConnectionManager', options, MANAGER_OPTION_NAMES, invalidOption);
    checkOption(
      'McpConnectionManager',
      'onConnectionChange',
      options.onConnectionChange,
      { kind: 'function' },
      invalidOption,
    );
    checkOption('McpConnectionManager', 'onReady', options.onReady, { kind: 'function' }, invalidOption);
    checkServerDefinitions('McpConnectionManager', servers);
    const shared = resolveConnectionOptions('McpConnectionManager', options);
    this.#capabilities = shared.clientCapabilities;
    const hooks: ServerConnectionHooks = {
      onChange: (change) => options.onConnectionChange?.(change),
      onReady: (connection, recovered) => options.onReady?.(connection, recovered),
    };
    for (const server of servers)
      this.#connections.set(server.name, new ServerConnection(server, shared, hooks));
  }

  /** Connects every server in parallel and reports which failed and why. Never throws for a server's failure. */
  async connectAll(): Promise<ConnectAllResult> {
    const connections = [...this.#connections.values()];
    const outcomes = await Promise.allSettled(connections.map((connection) => connection.connect()));
    const result: ConnectAllResult = { connected: [], failed: [] };
    outcomes.forEach((outcome, index) => {
      const name = connections[index]!.name;
      if (outcome.status === 'fulfilled') result.connected.push(name);
      else {
        const error = McpClientError.isInstance(outcome.reason)
          ? outcome.reason
          : new McpClientError(
              McpClientErrorCode.ConnectFailed,
              `MCP server "${name}" failed: ${String(outcome.reason)}`,
              {
                server: name,
                cause: outcome.reason,
              },
            );
        result.failed.push({ server: name, reason: error.message, error });
      }
    });
    return result;
  }

  /** The connection of `server`; throws `unknown_server` naming the configured servers otherwise. */
  get(server: string): ServerConnection {
    const connection = this.#connections.get(server);
    if (connection === undefined) {
      throw new McpClientError(
        McpClientErrorCode.UnknownServer,
        `no MCP server named ${JSON.stringify(server)}; configured servers: ${[...this.#connections.keys()].sort().join(', ') || '(none)'}`,
      );
    }
    return connection;
  }

  /** Every connection, in configuration order. */
  list(): ServerConnection[] {
    return [...this.#connections.values()];
  }

  /**
   * Replaces the roots offered to servers and sends `notifications/roots/list_changed` to every
   * connected one (a server connecting later asks for them anyway). A server that cannot be
   * told (its connection just dropped) is skipped: it lists the roots again when it reconnects.
   *
   * @throws McpClientError `invalid_option` for a root that is not a `file://` URI, or when the
   * roots capability was not offered.
   */
  async setRoots(roots: readonly McpRoot[]): Promise<void> {
    this.#capabilities.setRoots(roots);
    await Promise.all(
      this.list()
        .filter((connection) => connection.isConnected)
        .map((connection) => connection.client.sendRootsListChanged().catch(() => undefined)),
    );
  }

  /** Closes every connection (in parallel) and ends their child processes. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.#connections.values()].map((connection) => connection.close()));
  }
}
