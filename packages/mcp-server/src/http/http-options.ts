import { checkFunctionOption, checkNumberOption, checkOptions, invalidOption } from '../check-options.js';
import { DEFAULT_SHUTDOWN_TIMEOUT_MS } from '../session/server-session.js';
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
  /** Exact origins accepted in `Origin` (`https://app.example`). Default: any origin on an accepted host name. */
  allowedOrigins?: readonly string[];
  /** Verifies `Authorization: Bearer` tokens (see `McpBearerVerifier`). Default: no authentication. */
  authorize?: McpBearerVerifier;
  /** Keep each session's stream events so clients can resume with `Last-Event-ID`. Default `true`. */
  resumability?: boolean;
  /** Events kept per session for resumption. Default 1,000. */
  maxEventsPerSession?: number;
  /** The `retry` (ms) sent to clients in each stream's priming event. Default 1,000. */
  retryIntervalMs?: number;
  /** Sessions open at once; an `initialize` beyond it gets 503. Default 1,000. */
  maxSessions?: number;
  /** Largest request body. Default 4 MiB. */
  maxBodyBytes?: number;
  /** Default for `close()`: how long running calls may take to finish. Default 10 s. */
  shutdownTimeoutMs?: number;
}

/** {@link McpHttpOptions} checked, with defaults applied and the host policy computed. */
export interface ResolvedHttpOptions {
  readonly port: number;
  readonly host: string;
  readonly path: string;
  readonly hostPolicy: HostPolicy | undefined;
  readonly authorize: McpBearerVerifier | undefined;
  readonly resumability: boolean;
  readonly maxEventsPerSession: number;
  readonly retryIntervalMs: number;
  readonly maxSessions: number;
  readonly maxBodyBytes: number;
  readonly shutdownTimeoutMs: number;
}

const OWNER = 'serveHttp';

const OPTION_NAMES = [
  'port',
  'host',
  'path',
  'dnsRebindingProtection',
  'allowedHosts',
  'allowedOrigins',
  'authorize',
  'resumability',
  'maxEventsPerSession',
  'retryIntervalMs',
  'maxSessions',
  'maxBodyBytes',
  'shutdownTimeoutMs',
] as const;

/** Checks every option by name, type and range, and applies the defaults. */
export function resolveHttpOptions(options: McpHttpOptions): ResolvedHttpOptions {
  checkOptions(OWNER, options, OPTION_NAMES);
  checkNumberOption(OWNER, 'port', options.port, { min: 0, max: 65_535, integer: true });
  checkNumberOption(OWNER, 'maxEventsPerSession', options.maxEventsPerSession, { min: 1, integer: true });
  checkNumberOption(OWNER, 'retryIntervalMs', options.retryIntervalMs, {
    min: 0,
    max: 3_600_000,
    integer: true,
  });
  checkNumberOption(OWNER, 'maxSessions', options.maxSessions, { min: 1, integer: true });
  checkNumberOption(OWNER, 'maxBodyBytes', options.maxBodyBytes, { min: 1, integer: true });
  checkNumberOption(OWNER, 'shutdownTimeoutMs', options.shutdownTimeoutMs, { min: 0, max: 2 ** 31 - 1 });
  checkFunctionOption(OWNER, 'authorize', options.authorize);
  for (const name of ['dnsRebindingProtection', 'resumability'] as const) {
    if (options[name] !== undefined && typeof options[name] !== 'boolean') {
      throw invalidOption(OWNER, name, 'a boolean', options[name]);
    }
  }
  const host = options.host ?? '127.0.0.1';
  if (typeof host !== 'string' || host === '') throw invalidOption(OWNER, 'host', 'an address', host);
  const path = options.path ?? '/mcp';
  if (typeof path !== 'string' || !path.startsWith('/'))
    throw invalidOption(OWNER, 'path', 'a path starting with /', path);
  const allowedHosts = stringList('allowedHosts', options.allowedHosts);
  const allowedOrigins = stringList('allowedOrigins', options.allowedOrigins);
  const protect = options.dnsRebindingProtection ?? true;
  if (protect && isWildcardAddress(host) && allowedHosts.length === 0) {
    throw invalidOption(
      OWNER,
      'allowedHosts',
      `the host names clients use, when listening on ${host} with DNS-rebinding protection on (or set dnsRebindingProtection: false behind a proxy that checks Host)`,
      options.allowedHosts,
    );
  }
  return {
    port: options.port ?? 0,
    host,
    path,
    hostPolicy: protect ? hostPolicy(host, allowedHosts, allowedOrigins) : undefined,
    authorize: options.authorize,
    resumability: options.resumability ?? true,
    maxEventsPerSession: options.maxEventsPerSession ?? 1_000,
    retryIntervalMs: options.retryIntervalMs ?? 1_000,
    maxSessions: options.maxSessions ?? 1_000,
    maxBodyBytes: options.maxBodyBytes ?? 4 * 1024 * 1024,
    shutdownTimeoutMs: options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS,
  };
}

function hostPolicy(
  host: string,
  allowedHosts: readonly string[],
  allowedOrigins: readonly string[],
): HostPolicy {
  const listening = isWildcardAddress(host)
    ? []
    : [host.includes(':') && !host.startsWith('[') ? `[${host}]` : host];
  const hostnames = new Set<string>();
  for (const name of [...LOOPBACK_HOSTNAMES, ...listening, ...allowedHosts]) {
    const hostname = hostnameOf(name);
    if (hostname !== undefined) hostnames.add(hostname);
  }
  return { hostnames, origins: new Set(allowedOrigins.map((origin) => origin.toLowerCase())) };
}

function stringList(name: string, value: unknown): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== 'string' || entry === '')) {
    throw invalidOption(OWNER, name, 'an array of non-empty strings', value);
  }
  return value as string[];
}
