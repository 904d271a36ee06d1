import { lookup as dnsLookup } from 'node:dns/promises';
import { isIPv6 } from 'node:net';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/client';
import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';
import {
  type AddressClass,
  classOfAddress,
  classOfHostName,
  describeUrl,
  HTTPS_RULE,
  insecureSchemeProblem,
  normalHost,
} from './address-class.js';
import { pinnedFetch } from './pinned-fetch.js';

/** Resolves a host name to all its addresses (`dns.lookup` with `all: true` by default). */
export type LookupAll = (hostname: string) => Promise<readonly string[]>;

// A declaration rather than a module-level arrow: a mutant of a module-level value is fixed at
// import, where the mutation runner cannot switch it. The addresses come in the process's result
// order (the resolver's own unless `--dns-result-order` says otherwise), as `fetch` would use them.
async function defaultLookup(hostname: string): Promise<readonly string[]> {
  return (await dnsLookup(hostname, { all: true })).map((entry) => entry.address);
}

/** Classes `allowPrivateDiscovery: true` opens (the metadata services and link-local stay closed). */
const OPENED_BY_TRUE: ReadonlySet<AddressClass> = new Set(['loopback', 'private']);

/** `host` as a URL's `hostname` spells it (`010.0.0.5` is 8.0.0.5, `0x7f.1` is 127.0.0.1), so a listed host matches. */
function hostAsUrlsWriteIt(host: string): string {
  const bracketed = isIPv6(host) ? `[${host}]` : host;
  try {
    return new URL(`http://${bracketed}/`).hostname;
  } catch {
    return host;
  }
}

/** A discovered URL the guard refused to fetch or to show. */
export class DiscoveryRefusedError extends ToolwrightError {
  declare static readonly isInstance: ErrorClassGuard<DiscoveryRefusedError>;

  static {
    brandErrorClass(DiscoveryRefusedError, 'toolwright.mcp-adapter.DiscoveryRefusedError');
  }

  constructor(message: string) {
    super('discovery_refused', message);
  }
}

/** What a {@link DiscoveryGuard} protects. */
export interface DiscoveryGuardOptions {
  /** The configured server name, for messages. */
  readonly server: string;
  /** The MCP server's URL: its own origin is always reachable, and its class opens the same class. */
  readonly serverUrl: URL;
  /** `oauth.allowPrivateDiscovery`: `true`, or host names and IP addresses allowed whatever their class. */
  readonly allowPrivate: true | readonly string[] | undefined;
  /** Hosts the user configured (the identity provider's token endpoint, `authorizationServer`). */
  readonly configuredUrls?: readonly string[];
  /** The server's configured `headers`: sent to its own origin only, never to a discovered one. */
  readonly headers?: Readonly<Record<string, string>>;
  /** How host names are resolved; default `dns.lookup` (all addresses). */
  readonly lookup?: LookupAll;
}

/**
 * The gate every OAuth request of one server passes (the SDK's discovery, registration and
 * token requests, the code exchange, the cross-app token exchange): the `fetch` it hands out
 * refuses, before anything is sent,
 * - a URL that is not `https:` (plain `http:` only on a loopback host): tokens, codes, PKCE
 *   verifiers and client secrets never travel in cleartext;
 * - a host that is, or resolves to, a loopback, private, link-local, metadata-service,
 *   unspecified or reserved address, unless the MCP server's own host is of that same class
 *   or `allowPrivateDiscovery` allows it: a server's metadata cannot point discovery at the
 *   cloud metadata service or the internal network. Every address a name resolves to must
 *   pass, and the connection is made to those checked addresses (no second lookup that a
 *   DNS rebinding could answer differently); TLS still verifies the certificate for the name.
 * It also drops the server's configured `headers` from requests to other origins, keeps
 * redirects for the SDK to follow hop by hop (each hop comes back through here), and remembers
 * the first refusal, because the SDK's discovery swallows a failed metadata fetch and falls
 * back to guessing (see {@link takeRefusal}).
 */
export class DiscoveryGuard {
  readonly #options: DiscoveryGuardOptions;
  readonly #lookup: LookupAll;
  readonly #allowedHosts: ReadonlySet<string>;
  #serverClasses: Promise<ReadonlySet<AddressClass>> | undefined;
  #refusal: DiscoveryRefusedError | undefined;

  constructor(options: DiscoveryGuardOptions) {
    this.#options = options;
    this.#lookup = options.lookup ?? defaultLookup;
    // Stryker disable next-line ArrayDeclaration: a listed "Stryker was here" matches no URL's host name (it has spaces)
    const listed = Array.isArray(options.allowPrivate) ? options.allowPrivate : [];
    const configured = (options.configuredUrls ?? []).map((url) => new URL(url).hostname);
    this.#allowedHosts = new Set([...listed.map(hostAsUrlsWriteIt), ...configured].map(normalHost));
  }

  /** A `fetch` that passes every request through {@link check} first. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : input);
    if (url.origin === this.#options.serverUrl.origin) return fetch(input, init);
    let addresses: readonly string[] | undefined;
    try {
      addresses = await this.#approve(url, undefined);
    } catch (error) {
      if (error instanceof DiscoveryRefusedError) this.#refusal ??= error;
      throw error;
    }
    // A Request's body is read whole (OAuth bodies are small): its stream could not be sent again
    // without `duplex`, which fetch demands and pinnedFetch's Request would too.
    const given: RequestInit =
      input instanceof Request
        ? {
            method: input.method,
            headers: input.headers,
            body: input.body === null ? null : await input.arrayBuffer(),
            ...init,
          }
        : { ...init };
    const headers = new Headers(given.headers);
    for (const [name, value] of Object.entries(this.#options.headers ?? {})) {
      if (headers.get(name) === value) headers.delete(name);
    }
    // Redirects come back to the caller (the SDK follows same-origin ones through this fetch),
    // so no hop reaches an address that was not checked.
    const redirect = given.redirect === 'error' ? 'error' : 'manual';
    if (addresses !== undefined) return pinnedFetch(url, { ...given, headers }, addresses);
    return fetch(url, { ...given, headers, redirect });
  };

  /**
   * Throws {@link DiscoveryRefusedError} unless `url` may be fetched (see the class). `key`
   * names where the URL came from, for the message.
   */
  async check(url: URL, key: string | undefined): Promise<void> {
    await this.#approve(url, key);
  }

  /**
   * {@link check}, returning the addresses a looked-up name resolved to (all of them passed),
   * or `undefined` when the host needed no lookup (an IP literal, the server's own host, a
   * host the user allowed or configured).
   */
  async #approve(url: URL, key: string | undefined): Promise<readonly string[] | undefined> {
    const scheme = insecureSchemeProblem(url);
    if (scheme !== undefined) {
      throw this.#refuse(
        `${this.#what(key)} ${describeUrl(url)} is refused: ${scheme}; ${HTTPS_RULE}. Nothing was sent to it`,
      );
    }
    const host = normalHost(url.hostname);
    if (host === normalHost(this.#options.serverUrl.hostname) || this.#allowedHosts.has(host))
      return undefined;
    const known = classOfHostName(host);
    // Stryker disable next-line ArrayDeclaration: for a host known without a lookup, `addresses` is read by nothing below
    const addresses = known === undefined ? await this.#lookup(host) : [];
    const classes = known === undefined ? addresses.map(classOfAddress) : [known];
    const serverClasses = await this.#classesOfServer();
    const closed = classes.find(
      (kind) =>
        kind !== 'public' &&
        !serverClasses.has(kind) &&
        !(this.#options.allowPrivate === true && OPENED_BY_TRUE.has(kind)),
    );
    if (closed === undefined) return known === undefined ? addresses : undefined;
    const resolved = known === undefined ? ` (it resolves to ${addresses.join(', ')})` : '';
    throw this.#refuse(
      `${this.#what(key)} ${describeUrl(url)} is refused: it is a ${closed} address${resolved}, and the MCP server's own address is not; discovery only goes to public addresses or to the class of the server's own. To allow it, list the host in "oauth.allowPrivateDiscovery" (or set it to true for loopback and private networks). Nothing was sent to it`,
    );
  }

  /**
   * Checks what discovery found before anything is done with it: the authorization servers
   * and the endpoints that will be fetched (token, registration, JWKS) must pass
   * {@link check}; the authorization endpoint, which is shown to the user rather than
   * fetched, must be `https:` (or `http:` on loopback). Throws the first problem, naming the
   * metadata key.
   */
  async checkDiscovery(state: OAuthDiscoveryState): Promise<void> {
    const pending = this.takeRefusal();
    if (pending !== undefined) throw pending;
    const fetched: Array<[string, unknown]> = [['authorization server', state.authorizationServerUrl]];
    for (const [index, server] of (state.resourceMetadata?.authorization_servers ?? []).entries()) {
      fetched.push([`protected-resource metadata's "authorization_servers[${index}]"`, server]);
    }
    const metadata = (state.authorizationServerMetadata ?? {}) as Record<string, unknown>;
    for (const key of ['token_endpoint', 'registration_endpoint', 'jwks_uri', 'revocation_endpoint']) {
      fetched.push([`authorization server metadata's "${key}"`, metadata[key]]);
    }
    for (const [key, value] of fetched) {
      if (value === undefined) continue;
      await this.check(this.#parse(key, value), key);
    }
    if (metadata.authorization_endpoint !== undefined) {
      this.checkAuthorizationUrl(
        this.#parse(
          `authorization server metadata's "authorization_endpoint"`,
          metadata.authorization_endpoint,
        ),
        `authorization server metadata's "authorization_endpoint"`,
      );
    }
  }

  /**
   * Throws unless `url` may be shown to the user as a login URL: `https:`, or `http:` on a
   * loopback host (never `file:`, `javascript:`, `data:` or plain `http:` elsewhere).
   */
  checkAuthorizationUrl(url: URL, key = 'authorization URL'): void {
    const scheme = insecureSchemeProblem(url);
    if (scheme === undefined) return;
    throw this.#refuse(
      `${this.#what(key)} ${describeUrl(url)} is refused and was not shown or opened: ${scheme}; ${HTTPS_RULE}`,
    );
  }

  /** The first refusal since the last call, if any (the SDK may have swallowed it). */
  takeRefusal(): DiscoveryRefusedError | undefined {
    const refusal = this.#refusal;
    this.#refusal = undefined;
    return refusal;
  }

  #parse(key: string, value: unknown): URL {
    try {
      return new URL(String(value));
    } catch {
      throw this.#refuse(`${this.#what(key)} is not a valid URL`);
    }
  }

  #what(key: string | undefined): string {
    return `MCP server "${this.#options.server}": the OAuth ${key ?? 'request to'}`;
  }

  #refuse(message: string): DiscoveryRefusedError {
    return new DiscoveryRefusedError(message);
  }

  #classesOfServer(): Promise<ReadonlySet<AddressClass>> {
    this.#serverClasses ??= (async () => {
      const host = this.#options.serverUrl.hostname;
      const known = classOfHostName(host);
      if (known !== undefined) return new Set([known]);
      try {
        return new Set((await this.#lookup(normalHost(host))).map(classOfAddress));
      } catch {
        // Unresolved: the server's own class opens nothing (public addresses are open to every server).
        return new Set<AddressClass>();
      }
    })();
    return this.#serverClasses;
  }
}
