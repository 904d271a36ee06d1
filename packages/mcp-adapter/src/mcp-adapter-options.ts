import type { McpClientCapabilities, ReconnectPolicy, ServerConnectionOptions } from '@toolwright/mcp-client';
import {
  CONNECTION_OPTION_NAMES,
  checkServerDefinitions,
  type McpServerDefinition,
  resolveConnectionOptions,
} from '@toolwright/mcp-client';
import { type McpOAuthOptions, mcpOAuth } from '@toolwright/mcp-client/oauth';
import type { ToolRegistry } from '@toolwright/registry';
import type { ArtifactSinkV1 } from '@toolwright/spec';
import {
  checkOption,
  checkOptions,
  type OptionTable,
  type TelemetryOptions,
  TIMER_MS,
} from '@toolwright/utils';
import type { CatalogDiagnostic } from './catalog-diagnostic.js';
import { type CatalogLimits, resolveCatalogLimits } from './catalog-limits.js';
import { type OutputRoutingOptions, resolveOutputRouting } from './content-routing.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import { invalidOption } from './invalid-option.js';
import { lazyStdioSupport } from './lazy-stdio-support.js';
import { validatedFormAnswers } from './validated-form-answers.js';

/** Options of {@link McpAdapter}. */
export interface McpAdapterOptions {
  /** The registry MCP tools are applied to: each server's tools atomically, as the source group `mcp:<server>`. */
  readonly registry: ToolRegistry;
  /** The servers: entries of {@link parseMcpServersConfig}, or custom transports. */
  readonly servers: readonly McpServerDefinition[];
  /** Where binary parts and large text go (a `SessionArtifactStore`). */
  readonly artifacts: ArtifactSinkV1;
  /** Bounds on each server's catalog; each left out keeps its default ({@link DEFAULT_CATALOG_LIMITS}). */
  readonly limits?: Partial<CatalogLimits>;
  /** When output is inlined and when it goes to the artifact store ({@link DEFAULT_OUTPUT_ROUTING}). */
  readonly output?: Partial<OutputRoutingOptions>;
  /** Handshake timeout per server; default 30 s. */
  readonly connectTimeoutMs?: number;
  /** Timeout per request (a tool call, a listing page); default 60 s. */
  readonly requestTimeoutMs?: number;
  /**
   * The longest a tool call may take in all; default 10 min. A call's progress resets its
   * `requestTimeoutMs`, never this: a server that keeps reporting progress is still cut off.
   */
  readonly maxTotalRequestMs?: number;
  /** Backoff for a lost connection ({@link DEFAULT_RECONNECT_POLICY}: 5 attempts from 250 ms, doubling, at most 10 s apart). */
  readonly reconnect?: Partial<ReconnectPolicy>;
  /**
   * The largest message a stdio server may send, in bytes; default the MCP SDK's own limit,
   * 10 MiB. A larger message makes the SDK drop the connection; the adapter reports it by
   * server, limit and request (`message_too_large`).
   */
  readonly stdioMaxMessageBytes?: number;
  /** How long a stdio server may take to exit after its stdin closes before it gets SIGTERM; default 500 ms. */
  readonly shutdownGraceMs?: number;
  /**
   * Whether MCP tools are deferred (their schema reaches the model only after ToolSearch loaded
   * them); default true. Turn it off only for a few small servers.
   */
  readonly deferTools?: boolean;
  /** Quiet time after the last `list_changed` before a refresh; default 300 ms. */
  readonly listChangedDebounceMs?: number;
  /** Sent in the handshake; default `{ name: 'toolwright', version: '0' }`. */
  readonly clientInfo?: { name: string; version: string };
  /**
   * Roots, elicitation and sampling offered to servers, each declared in the handshake only
   * when given, and again on every reconnect. See {@link McpClientCapabilities}.
   */
  readonly clientCapabilities?: McpClientCapabilities;
  /**
   * OAuth for HTTP servers with an `oauth` config: where tokens are kept, and the host callback
   * that makes a login interactive (see {@link McpOAuthOptions}).
   */
  readonly oauth?: McpOAuthOptions;
  /**
   * OpenTelemetry for the servers' requests (mcp-client's): a CLIENT span per request, its W3C
   * trace context in the request's `_meta`, and `mcp.client.operation.duration`. On by default,
   * free without `@opentelemetry/api`; see `McpConnectionManagerOptions.telemetry`.
   */
  readonly telemetry?: TelemetryOptions;
  /** Every catalog diagnostic (dropped entries, pagination guards, failed listings). */
  readonly onDiagnostic?: (diagnostic: CatalogDiagnostic) => void;
}

const OPTION_NAMES: OptionTable<McpAdapterOptions> = {
  registry: { kind: 'custom' },
  servers: { kind: 'custom' },
  artifacts: { kind: 'custom' },
  limits: { kind: 'custom' },
  output: { kind: 'custom' },
  ...CONNECTION_OPTION_NAMES,
  deferTools: { kind: 'custom' },
  listChangedDebounceMs: { kind: 'custom' },
  onDiagnostic: { kind: 'custom' },
};

/** The options of an adapter once checked, with every default filled in. */
export interface ResolvedAdapterOptions {
  readonly limits: CatalogLimits;
  readonly output: OutputRoutingOptions;
  readonly connection: ServerConnectionOptions;
  readonly deferTools: boolean;
  readonly listChangedDebounceMs: number;
}

function requireMethods(name: string, value: unknown, methods: readonly string[], what: string): void {
  const record = value as Record<string, unknown> | null | undefined;
  const missing = methods.filter((method) => typeof record?.[method] !== 'function');
  if (missing.length > 0) {
    throw new McpAdapterError(
      McpAdapterErrorCode.InvalidOption,
      `McpAdapter: ${name} must be ${what}; ${value === undefined || value === null ? 'it is missing' : `it has no ${missing.join(', ')}`}.`,
    );
  }
}

/**
 * Checks every option of an adapter by name (an unknown key fails with the nearest known name,
 * in nested objects too) and by value, and fills in the defaults.
 *
 * @throws McpAdapterError `invalid_option` (`config_invalid` for a server name used twice).
 */
export function resolveAdapterOptions(options: McpAdapterOptions): ResolvedAdapterOptions {
  if (typeof options === 'object' && options !== null && 'onConnectionChange' in options) {
    // Connection phases are delivered one way, through the adapter's queue: a callback beside it
    // would hand every change to a host twice.
    throw new McpAdapterError(
      McpAdapterErrorCode.InvalidOption,
      'McpAdapter: the option onConnectionChange is gone; take connection phases from ' +
        'adapter.drainEvents().connectionChanges (each change arrives there once).',
    );
  }
  checkOptions('McpAdapter', options, OPTION_NAMES, invalidOption);
  requireMethods('registry', options.registry, ['replaceTools', 'removeTools'], 'a ToolRegistry');
  requireMethods(
    'artifacts',
    options.artifacts,
    ['write', 'spill'],
    'a SessionArtifactStore (write and spill)',
  );
  checkServerDefinitions('McpAdapter', options.servers);
  checkOption('McpAdapter', 'deferTools', options.deferTools, { kind: 'boolean' }, invalidOption);
  checkOption('McpAdapter', 'onDiagnostic', options.onDiagnostic, { kind: 'function' }, invalidOption);
  checkOption('McpAdapter', 'listChangedDebounceMs', options.listChangedDebounceMs, TIMER_MS, invalidOption);
  return {
    limits: resolveCatalogLimits('McpAdapter.limits', options.limits),
    output: resolveOutputRouting('McpAdapter.output', options.output),
    // The adapter runs on Node: stdio servers and OAuth are always supported.
    connection: resolveConnectionOptions('McpAdapter', {
      ...options,
      oauth: mcpOAuth(options.oauth, 'McpAdapter.oauth'),
      stdio: lazyStdioSupport,
      formAnswerCheck: validatedFormAnswers,
    }),
    deferTools: options.deferTools ?? true,
    listChangedDebounceMs: options.listChangedDebounceMs ?? 300,
  };
}
