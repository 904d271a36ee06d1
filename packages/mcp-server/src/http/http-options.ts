import type { McpEventStoreV1, McpSessionRecordStoreV1 } from '@toolwright/spec';
import {
  checkOptions,
  describeRenamedOptionProblem,
  MAX_TIMER_MS,
  type OptionTable,
  POSITIVE_SAFE_INTEGER,
  refusedOption,
  renamedOptionValue,
  TIMER_MS,
} from '@toolwright/utils';
import { invalidOption } from '../invalid-option.js';
import { McpServerError, McpServerErrorCode } from '../mcp-server-error.js';
import { DEFAULT_SHUTDOWN_GRACE_MS } from '../session/close-options.js';
import type { McpBearerVerifier } from './bearer-auth.js';
import { type HostPolicy, hostnameOf, isWildcardAddress, LOOPBACK_HOSTNAMES } from './host-check.js';

/** Options of `serveHttp`. Every key is checked by name. */
export interface McpHttpOptions {
  /** TCP port; `0` picks a free one (read it from the result). Default `0`. */
  port?: number;
  /** Address to listen on. Default `127.0.0.1` (this machine only). */
  host?: string;
  /** The MCP endpoint's path. Default `/mcp`. */
  path?: string;
  /**
   * DNS-rebinding protection: `Host` and `Origin` must name this server. On by default; turn it
   * off only behind a proxy that enforces the same.
   */
  dnsRebindingProtection?: boolean;
  /**
   * Host names (optionally with a port, which is ignored) accepted in `Host` besides
   * `localhost`, `127.0.0.1`, `[::1]` and the listening address. Required when listening on
   * every interface (`0.0.0.0`, `::`) with the protection on.
   */
  allowedHosts?: readonly string[];
  /**
   * Exact origins accepted in `Origin` (`https://app.example`). Default: an origin on an
   * accepted host name and on one of {@link allowedOriginPorts}.
   */
  allowedOrigins?: readonly string[];
  /**
   * The ports a browser origin on an accepted host name (`http://localhost:<port>`) may have,
   * when `allowedOrigins` is not given. Default: the server's own port only — a page another
   * local program serves (a dev server on `localhost:5173`) is another origin and is refused.
   * An origin without a port counts as 80 (`http:`) or 443 (`https:`).
   */
  allowedOriginPorts?: readonly number[];
  /** Verifies `Authorization: Bearer` tokens (see `McpBearerVerifier`). Default: no authentication. */
  authorize?: McpBearerVerifier;
  /** Keep each session's stream events so clients can resume with `Last-Event-ID`. Default `true`. */
  resumability?: boolean;
  /**
   * Where the records of 2025-era sessions live, for a fleet: with a shared store (such as
   * `RedisSessionRecords` of `@toolwright/redis`), a session opened on one replica is served by
   * any other, which re-opens it from its record. Default: none, each session lives on the
   * process that opened it.
   */
  sessionRecords?: McpSessionRecordStoreV1;
  /**
   * The event store of each session's streams (the session id given), for a fleet: with a shared
   * store (such as `RedisEventStore` of `@toolwright/redis`), a client whose replica died resumes
   * on another from `Last-Event-ID`. Default: in memory, within the bounds below.
   */
  eventStore?: (sessionId: string) => McpEventStoreV1;
  /** Events kept per session for resumption; the oldest are dropped past it. Default 1,000. */
  maxEventsPerSession?: number;
  /**
   * Bytes of events kept per session for resumption (each message's JSON plus its event id);
   * the oldest are dropped past it, and a message larger than it is sent but not kept. Default 4 MiB.
   */
  maxEventBytesPerSession?: number;
  /**
   * Bytes of events kept for resumption by all sessions together; past it the oldest events of
   * the whole server are dropped, whichever session kept them. Default 64 MiB.
   */
  maxEventBytesTotal?: number;
  /** The `retry` (ms) sent to clients in each stream's priming event. Default 1,000. */
  retryIntervalMs?: number;
  /** Sessions open at once; an `initialize` beyond it gets 503. Default 1,000. */
  maxSessions?: number;
  /**
   * Sessions one client may have open at once; an `initialize` beyond it gets 429. A client is
   * the `clientId` of its bearer grant when `authorize` is set, else its remote address, IPv6
   * by its /64 network (every local program shares `127.0.0.1`; behind a proxy, every client
   * shares the proxy's). Default 100.
   */
  maxSessionsPerClient?: number;
  /**
   * A session with no request open and no tool call running for this long is closed; a request
   * naming it then gets 404, and the client starts a new one. Default 30 minutes.
   */
  sessionIdleTimeoutMs?: number;
  /** Largest request body. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Default grace of `close()`: how long running calls may take to finish before the rest are aborted. Default 10 s. */
  shutdownGraceMs?: number;
  /** @deprecated use `shutdownGraceMs` (the same value); removed in the next minor. */
  shutdownTimeoutMs?: number;
}

/** {@link McpHttpOptions} checked, with defaults applied and the host policy computed. */
export interface ResolvedHttpOptions {
  readonly port: number;
  readonly host: string;
  readonly path: string;
  /** Computed once the port is known: the default origin port is the listening one. */
  readonly hostPolicy: ((port: number) => HostPolicy) | undefined;
  readonly authorize: McpBearerVerifier | undefined;
  readonly resumability: boolean;
  readonly maxEventsPerSession: number;
  readonly maxEventBytesPerSession: number;
  readonly maxEventBytesTotal: number;
  readonly retryIntervalMs: number;
  readonly maxSessions: number;
  readonly maxSessionsPerClient: number;
  readonly sessionIdleTimeoutMs: number;
  readonly maxBodyBytes: number;
  readonly shutdownGraceMs: number;
  readonly sessionRecords: McpSessionRecordStoreV1 | undefined;
  readonly eventStore: ((sessionId: string) => McpEventStoreV1) | undefined;
}

const OWNER = 'serveHttp';

/** Every option and what it accepts; the host, path and lists are checked in `resolveHttpOptions`. */
const HTTP_OPTIONS: OptionTable<McpHttpOptions> = {
  port: { kind: 'number', min: 0, max: 65_535, integer: true },
  host: { kind: 'custom' },
  path: { kind: 'custom' },
  dnsRebindingProtection: { kind: 'boolean' },
  allowedHosts: { kind: 'custom' },
  allowedOrigins: { kind: 'custom' },
  allowedOriginPorts: { kind: 'custom' },
  authorize: { kind: 'function' },
  resumability: { kind: 'boolean' },
  sessionRecords: { kind: 'custom' },
  eventStore: { kind: 'function' },
  maxEventsPerSession: POSITIVE_SAFE_INTEGER,
  maxEventBytesPerSession: POSITIVE_SAFE_INTEGER,
  maxEventBytesTotal: POSITIVE_SAFE_INTEGER,
  retryIntervalMs: { kind: 'number', min: 0, max: 3_600_000, integer: true },
  maxSessions: POSITIVE_SAFE_INTEGER,
  maxSessionsPerClient: POSITIVE_SAFE_INTEGER,
  sessionIdleTimeoutMs: { kind: 'number', min: 1, max: MAX_TIMER_MS, integer: true },
  maxBodyBytes: POSITIVE_SAFE_INTEGER,
  shutdownGraceMs: TIMER_MS,
  shutdownTimeoutMs: TIMER_MS,
};

/** Checks every option by name, type and range, and applies the defaults. */
export function resolveHttpOptions(options: McpHttpOptions): ResolvedHttpOptions {
  checkOptions(OWNER, options, HTTP_OPTIONS, invalidOption);
  const renamed = describeRenamedOptionProblem(OWNER, options, 'shutdownGraceMs', 'shutdownTimeoutMs');
  if (renamed !== undefined) throw new McpServerError(McpServerErrorCode.InvalidOption, renamed);
  const shutdownGraceMs = renamedOptionValue(options, 'shutdownGraceMs', 'shutdownTimeoutMs');
  const host = options.host ?? '127.0.0.1';
  if (typeof host !== 'string' || host === '')
    throw invalidOption(refusedOption(OWNER, 'host', 'an address', host));
  const path = options.path ?? '/mcp';
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw invalidOption(refusedOption(OWNER, 'path', 'a path starting with /', path));
  const allowedHosts = stringList('allowedHosts', options.allowedHosts);
  const allowedOrigins = stringList('allowedOrigins', options.allowedOrigins);
  const allowedOriginPorts = portList(options.allowedOriginPorts);
  const protect = options.dnsRebindingProtection ?? true;
  if (protect && isWildcardAddress(host) && allowedHosts.length === 0) {
    throw invalidOption(
      refusedOption(
        OWNER,
        'allowedHosts',
        `the host names clients use, when listening on ${host} with DNS-rebinding protection on (or set dnsRebindingProtection: false behind a proxy that checks Host)`,
        options.allowedHosts,
      ),
    );
  }
  return {
    port: options.port ?? 0,
    host,
    path,
    hostPolicy: protect
      ? (port) => hostPolicy(host, allowedHosts, allowedOrigins, allowedOriginPorts ?? [port])
      : undefined,
    authorize: options.authorize,
    resumability: options.resumability ?? true,
    maxEventsPerSession: options.maxEventsPerSession ?? 1_000,
    maxEventBytesPerSession: options.maxEventBytesPerSession ?? 4 * 1024 * 1024,
    maxEventBytesTotal: options.maxEventBytesTotal ?? 64 * 1024 * 1024,
    retryIntervalMs: options.retryIntervalMs ?? 1_000,
    maxSessions: options.maxSessions ?? 1_000,
    maxSessionsPerClient: options.maxSessionsPerClient ?? 100,
    sessionIdleTimeoutMs: options.sessionIdleTimeoutMs ?? 30 * 60 * 1000,
    maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
    shutdownGraceMs: (shutdownGraceMs as number | undefined) ?? DEFAULT_SHUTDOWN_GRACE_MS,
    sessionRecords: sessionRecordStore(options.sessionRecords),
    eventStore: options.eventStore,
  };
}

function hostPolicy(
  host: string,
  allowedHosts: readonly string[],
  allowedOrigins: readonly string[],
  originPorts: readonly number[],
): HostPolicy {
  const listening = isWildcardAddress(host)
    ? []
    : [host.includes(':') && !host.startsWith('[') ? `[${host}]` : host];
  const hostnames = new Set<string>();
  for (const name of [...LOOPBACK_HOSTNAMES, ...listening, ...allowedHosts]) {
    const hostname = hostnameOf(name);
    if (hostname !== undefined) hostnames.add(hostname);
  }
  return {
    hostnames,
    origins: new Set(allowedOrigins.map((origin) => origin.toLowerCase())),
    originPorts: new Set(originPorts),
  };
}

function sessionRecordStore(value: unknown): McpSessionRecordStoreV1 | undefined {
  if (value === undefined) return undefined;
  const store = value as Partial<Record<keyof McpSessionRecordStoreV1, unknown>> | null;
  if (
    typeof store !== 'object' ||
    store === null ||
    store.specificationVersion !== 'v1' ||
    (['get', 'put', 'touch', 'delete'] as const).some((method) => typeof store[method] !== 'function')
  ) {
    throw invalidOption(
      refusedOption(
        OWNER,
        'sessionRecords',
        'a session record store, version v1 (get, put, touch, delete)',
        value,
      ),
    );
  }
  return value as McpSessionRecordStoreV1;
}

function stringList(name: string, value: unknown): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string' || entry === '')) {
    throw invalidOption(refusedOption(OWNER, name, 'an array of non-empty strings', value));
  }
  return value as string[];
}

function portList(value: unknown): readonly number[] | undefined {
  if (value === undefined) return undefined;
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.some((port) => !Number.isInteger(port) || port < 1 || port > 65_535)
  ) {
    throw invalidOption(
      refusedOption(OWNER, 'allowedOriginPorts', 'a non-empty array of port numbers from 1 to 65535', value),
    );
  }
  return value as number[];
}
