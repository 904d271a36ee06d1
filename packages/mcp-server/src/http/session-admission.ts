import type { IncomingMessage } from 'node:http';
import { isIPv4 } from 'node:net';
import type { AuthInfo } from '@modelcontextprotocol/server';

/** Why a new session was refused: the status and the JSON-RPC error message. */
export interface AdmissionRefusal {
  readonly status: 429 | 503;
  readonly message: string;
}

/** A place for one session, held from the `initialize` until the session closes. */
export interface SessionTicket {
  /** Gives the place back; calling it again does nothing. */
  release(): void;
}

/**
 * Counts sessions, in total and per client, and refuses a new one past either cap. A place is
 * taken when the `initialize` is admitted, before the session exists, so concurrent
 * `initialize` requests cannot all slip under a cap; it is given back when the session closes
 * or never opened. The per-client cap keeps one client (a loop, a leak, an attacker) from
 * taking every place, so others still get theirs.
 */
export class SessionAdmission {
  readonly #maxSessions: number;
  readonly #maxPerClient: number;
  readonly #perClient = new Map<string, number>();
  #total = 0;

  constructor(maxSessions: number, maxPerClient: number) {
    this.#maxSessions = maxSessions;
    this.#maxPerClient = maxPerClient;
  }

  /** Takes a place for `client`, or says why there is none. */
  admit(client: string): SessionTicket | AdmissionRefusal {
    const held = this.#perClient.get(client) ?? 0;
    if (held >= this.#maxPerClient) {
      return {
        status: 429,
        message:
          `Too many sessions for this client (${held}; the maxSessionsPerClient option of serveHttp allows ${this.#maxPerClient}). ` +
          'Close sessions you no longer use (DELETE with their Mcp-Session-Id), wait for idle ones to expire, ' +
          'or ask the server operator to raise maxSessionsPerClient.',
      };
    }
    if (this.#total >= this.#maxSessions) {
      return {
        status: 503,
        message:
          `Too many sessions on this server (the maxSessions option of serveHttp allows ${this.#maxSessions}); ` +
          'try again later, or ask the server operator to raise maxSessions.',
      };
    }
    this.#total += 1;
    this.#perClient.set(client, held + 1);
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.#total -= 1;
        const left = (this.#perClient.get(client) ?? 1) - 1;
        // Stryker disable next-line ConditionalExpression: keeping a client at 0 instead of deleting it admits and refuses exactly the same; only the map's memory (one entry per client ever seen) tells them apart
        if (left === 0) this.#perClient.delete(client);
        else this.#perClient.set(client, left);
      },
    };
  }
}

/** True when `admit` refused. */
export function isRefusal(value: SessionTicket | AdmissionRefusal): value is AdmissionRefusal {
  return 'status' in value;
}

/**
 * Who a request comes from, for the per-client cap: the `clientId` of its bearer grant when
 * tokens are checked (one user behind a proxy or NAT is not everyone there), else its remote
 * address — an IPv4 address written the same however the socket reports it, an IPv6 address by
 * its /64 network, since one host is given a whole /64 and could otherwise be a new client with
 * every address it picks from it.
 */
export function clientKeyOf(request: IncomingMessage, auth: AuthInfo | undefined): string {
  if (auth !== undefined) return `client:${auth.clientId}`;
  // A connection already gone has no address: all such requests are one client.
  // Stryker disable next-line StringLiteral: any name that no address key can be groups them the same; only the key's spelling differs
  const address = request.socket.remoteAddress ?? 'unknown';
  return `address:${addressKey(address)}`;
}

/** `::ffff:10.0.0.1` → `10.0.0.1`; `2001:db8::1%eth0` → `2001:db8:0:0::/64`; `::1` stays. */
export function addressKey(address: string): string {
  const lower = address.toLowerCase();
  // An IPv4 client of a dual-stack listener: `::ffff:` before its IPv4 address.
  if (lower.startsWith('::ffff:') && isIPv4(lower.slice(7))) return lower.slice(7);
  if (!lower.includes(':') || lower === '::1') return lower;
  const withoutZone = lower.split('%')[0] as string;
  // `::` stands for the zero groups between head and tail; an address without it is all head.
  const [head, tail] = withoutZone.split('::') as [string, string | undefined];
  const headGroups = head ? head.split(':') : [];
  // Stryker disable next-line ArrayDeclaration: a group put here for a missing or empty tail lands at index 7 or later, and the /64 key reads only the first four
  const tailGroups = tail ? tail.split(':') : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}
