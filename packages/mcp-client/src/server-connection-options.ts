import {
  checkOptions,
  type OptionTable,
  TELEMETRY_OPTION_RULE,
  type TelemetryOptions,
} from '@toolwright/utils';
import type { ClientCapabilitySet } from './capabilities/client-capability-set.js';
import type { McpConnectionChange } from './events/connection-state.js';
import { invalidOption } from './invalid-option.js';
import type { ReconnectPolicy } from './reconnect-loop.js';
import type { ServerConnection } from './server-connection.js';
import { checkServerDefinitions, type McpServerDefinition } from './server-definition.js';
import type { McpOAuthSupport, McpStdioSupport } from './transport-support.js';

/** What a connection tells its owner. */
export interface ServerConnectionHooks {
  /** Every phase change. */
  onChange(change: McpConnectionChange): void;
  /** A fresh client completed the handshake (first connect or a reconnect): install handlers, list catalogs. */
  onReady(connection: ServerConnection, recovered: boolean): Promise<void> | void;
}

/** Options shared by every connection of a manager (all required: the manager fills in defaults). */
export interface ServerConnectionOptions {
  readonly clientInfo: { name: string; version: string };
  readonly connectTimeoutMs: number;
  readonly requestTimeoutMs: number;
  /** The longest a tool call may take in all, progress or not. */
  readonly maxTotalRequestMs: number;
  readonly reconnect: ReconnectPolicy;
  /** How long a stdio server may take to exit after its stdin closes before it gets SIGTERM. */
  readonly shutdownGraceMs: number;
  /** The largest message a stdio server may send (the SDK's read-buffer limit). */
  readonly stdioMaxMessageBytes: number;
  /** What every fresh client declares in its handshake and answers (roots, elicitation, sampling). */
  readonly clientCapabilities: ClientCapabilitySet;
  /** OAuth for servers with an `oauth` config (`@toolwright/mcp-client/oauth`); they fail without it. */
  readonly oauth?: McpOAuthSupport;
  /** Stdio servers (`@toolwright/mcp-client/stdio`); they fail without it. */
  readonly stdio?: McpStdioSupport;
  /** Spans and metrics of this connection's requests (see `McpConnectionManagerOptions.telemetry`). */
  readonly telemetry?: TelemetryOptions;
}

// Resolved options: each is given (the manager filled in the defaults); only OAuth is optional.
const GIVEN = { kind: 'custom', required: true, accepts: 'see ServerConnectionOptions' } as const;
const CONNECTION_OPTIONS: OptionTable<ServerConnectionOptions> = {
  clientInfo: GIVEN,
  connectTimeoutMs: GIVEN,
  requestTimeoutMs: GIVEN,
  maxTotalRequestMs: GIVEN,
  reconnect: GIVEN,
  shutdownGraceMs: GIVEN,
  stdioMaxMessageBytes: GIVEN,
  clientCapabilities: GIVEN,
  oauth: { kind: 'custom' },
  stdio: { kind: 'custom' },
  telemetry: TELEMETRY_OPTION_RULE,
};
const HOOKS: OptionTable<ServerConnectionHooks> = {
  onChange: { kind: 'function', required: true },
  onReady: { kind: 'function', required: true },
};

/**
 * Checks what a {@link ServerConnection} is built from: the definition (see
 * `checkServerDefinitions`), every option present and known by name, both hooks functions.
 */
export function checkServerConnectionArguments(
  definition: McpServerDefinition,
  options: ServerConnectionOptions,
  hooks: ServerConnectionHooks,
): void {
  checkServerDefinitions('ServerConnection', [definition]);
  checkOptions('ServerConnection', options, CONNECTION_OPTIONS, invalidOption);
  checkOptions('ServerConnection hooks', hooks, HOOKS, invalidOption);
}
