import type { IncomingHttpHeaders } from 'node:http';

/** The host names a loopback listener answers to. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** What requests must name in `Host` and `Origin`. */
export interface HostPolicy {
  /** Lower-case host names (no port; IPv6 in brackets) accepted in `Host`. */
  readonly hostnames: ReadonlySet<string>;
  /**
   * Exact origins accepted in `Origin`; when empty, an `http:` or `https:` origin whose host name
   * is accepted and whose port is in {@link originPorts} passes.
   */
  readonly origins: ReadonlySet<string>;
  /** The ports an origin on an accepted host name may have (80/443 when it names none). */
  readonly originPorts: ReadonlySet<number>;
}

/**
 * Why a request fails the DNS-rebinding check, or `undefined` when it passes. A web page that
 * rebinds its own domain to 127.0.0.1 reaches the server with its domain in `Host` (and in
 * `Origin`), so both must name this server: `Host` must be present and accepted; `Origin`, sent
 * by browsers, must be accepted when present (`null`, from sandboxed documents, is refused).
 * The port of the origin counts too: a page served by another program on this machine
 * (`http://localhost:5173`) is another origin and must not drive this server from the user's
 * browser.
 */
export function hostProblem(headers: IncomingHttpHeaders, policy: HostPolicy): string | undefined {
  const host = headers.host;
  if (host === undefined || host === '') return 'the request has no Host header';
  if (!namesAcceptedHost(policy, host)) {
    return `Host ${JSON.stringify(host)} is not one this server answers to`;
  }
  const origin = headers.origin;
  if (origin === undefined) return undefined;
  if (policy.origins.size > 0) {
    return policy.origins.has(origin.toLowerCase())
      ? undefined
      : `Origin ${JSON.stringify(origin)} is not allowed`;
  }
  const url = URL.canParse(origin) ? new URL(origin) : undefined;
  if (url === undefined || !namesAcceptedHost(policy, url.host)) {
    return `Origin ${JSON.stringify(origin)} is not allowed`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return `Origin ${JSON.stringify(origin)} is not allowed: only http: and https: pages are`;
  }
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  if (!policy.originPorts.has(port)) {
    const ports = [...policy.originPorts].join(', ');
    return (
      `Origin ${JSON.stringify(origin)} is not allowed: pages on this host are accepted from ${policy.originPorts.size === 1 ? 'port' : 'ports'} ${ports} only ` +
      '(set the allowedOriginPorts or allowedOrigins option of serveHttp to accept others)'
    );
  }
  return undefined;
}

/** True when `host` (a `Host` value, or an origin's host) names one of the policy's host names. */
function namesAcceptedHost(policy: HostPolicy, host: string): boolean {
  // A malformed value has no name (`undefined`), which no set of names holds.
  const hostnames: ReadonlySet<string | undefined> = policy.hostnames;
  return hostnames.has(hostnameOf(host));
}

/**
 * A `Host` value: a host name (letters, digits, `.`, `-`, `_`) or an IPv6 address in brackets,
 * and an optional port of digits. Nothing else may follow the name.
 */
const HOST_VALUE = /^(\[[0-9a-f:.]+\]|[a-z0-9._-]+)(?::\d{1,5})?$/;

/**
 * The lower-case host name of a `Host` value (`[::1]:3000` → `[::1]`), or `undefined` if
 * malformed: a name with characters no host name has, or anything but a port after it
 * (`localhost:x`, `[::1]junk`), names no host.
 */
export function hostnameOf(host: string): string | undefined {
  return HOST_VALUE.exec(host.trim().toLowerCase())?.[1];
}

/** True for the addresses that listen on every interface. */
export function isWildcardAddress(host: string): boolean {
  return host === '0.0.0.0' || host === '::' || host === '[::]';
}
