import { isIPv4, isIPv6 } from 'node:net';

/**
 * What kind of network an address is on, as far as where OAuth discovery may go:
 * - `loopback`: 127.0.0.0/8, ::1 (and the name `localhost`);
 * - `private`: 10/8, 172.16/12, 192.168/16, 100.64/10 (carrier-grade NAT), fc00::/7;
 * - `link-local`: 169.254/16, fe80::/10;
 * - `metadata`: the cloud instance metadata services (169.254.169.254, fd00:ec2::254,
 *   100.100.100.200, `metadata.google.internal` and its spellings), which hand out the
 *   machine's credentials to whoever asks;
 * - `unspecified`: 0.0.0.0/8, :: (a connect to them reaches this machine);
 * - `reserved`: multicast, 240/4, the documentation and benchmark ranges;
 * - `public`: everything else.
 */
export type AddressClass =
  | 'loopback'
  | 'private'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'reserved'
  | 'public';

/** Names that reach a metadata service without looking like one. */
const METADATA_NAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);
const METADATA_ADDRESSES = new Set(['169.254.169.254', '169.254.170.2', '100.100.100.200']);

type Range = readonly [base: number, bits: number, kind: AddressClass];

function v4(text: string): number {
  return text.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

const V4_RANGES: readonly Range[] = [
  [v4('127.0.0.0'), 8, 'loopback'],
  [v4('0.0.0.0'), 8, 'unspecified'],
  [v4('10.0.0.0'), 8, 'private'],
  [v4('172.16.0.0'), 12, 'private'],
  [v4('192.168.0.0'), 16, 'private'],
  [v4('100.64.0.0'), 10, 'private'],
  [v4('169.254.0.0'), 16, 'link-local'],
  [v4('192.0.0.0'), 24, 'reserved'],
  [v4('192.0.2.0'), 24, 'reserved'],
  [v4('198.18.0.0'), 15, 'reserved'],
  [v4('198.51.100.0'), 24, 'reserved'],
  [v4('203.0.113.0'), 24, 'reserved'],
  [v4('224.0.0.0'), 4, 'reserved'],
  [v4('240.0.0.0'), 4, 'reserved'],
];

function classOfV4(address: string): AddressClass {
  if (METADATA_ADDRESSES.has(address)) return 'metadata';
  const value = v4(address);
  for (const [base, bits, kind] of V4_RANGES) {
    const size = 2 ** (32 - bits);
    if (value >= base && value < base + size) return kind;
  }
  return 'public';
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included). */
function groupsOf(address: string): number[] {
  let text = address.toLowerCase();
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted !== null) {
    const value = v4(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const missing = 8 - left.length - right.length;
  return [...left, ...Array<string>(tail === undefined ? 0 : missing).fill('0'), ...right].map((group) =>
    Number.parseInt(group, 16),
  );
}

function v4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function classOfV6(address: string): AddressClass {
  const groups = groupsOf(address);
  const [a = 0, b = 0] = groups;
  const zeroUpTo = (count: number) => groups.slice(0, count).every((group) => group === 0);
  if (zeroUpTo(8)) return 'unspecified';
  if (zeroUpTo(7) && groups[7] === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible (::a.b.c.d) addresses, and NAT64
  // (64:ff9b::/96): the IPv4 address inside is what is reached.
  if ((zeroUpTo(5) && groups[5] === 0xffff) || zeroUpTo(6)) {
    return classOfV4(v4FromGroups(groups[6]!, groups[7]!));
  }
  if (a === 0x64 && b === 0xff9b && groups.slice(2, 6).every((group) => group === 0)) {
    return classOfV4(v4FromGroups(groups[6]!, groups[7]!));
  }
  // 6to4 (2002::/16) carries its IPv4 address in the second and third groups.
  if (a === 0x2002) return classOfV4(v4FromGroups(b, groups[2]!));
  if (
    a === 0xfd00 &&
    b === 0x0ec2 &&
    groups.slice(2, 7).every((group) => group === 0) &&
    groups[7] === 0x254
  ) {
    return 'metadata';
  }
  if ((a & 0xfe00) === 0xfc00) return 'private';
  if ((a & 0xffc0) === 0xfe80) return 'link-local';
  if ((a & 0xff00) === 0xff00) return 'reserved';
  if (a === 0x2001 && b === 0x0db8) return 'reserved';
  if (a === 0x64 && b === 0xff9b) return 'private';
  return 'public';
}

/** The class of an IP address (IPv4 or IPv6, without brackets). */
export function classOfAddress(address: string): AddressClass {
  if (isIPv4(address)) return classOfV4(address);
  if (isIPv6(address)) return classOfV6(address);
  throw new Error(`not an IP address: ${JSON.stringify(address.slice(0, 80))}`);
}

/** A URL's host as compared and looked up: lower case, no brackets, no trailing dot. */
export function normalHost(hostname: string): string {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return bare.toLowerCase().replace(/\.$/, '');
}

/**
 * The class of a host that is known without looking it up: an IP literal, `localhost` (and
 * `*.localhost`, which resolvers answer with loopback), a metadata service's name; otherwise
 * `undefined` (the name must be resolved).
 */
export function classOfHostName(hostname: string): AddressClass | undefined {
  const host = normalHost(hostname);
  if (isIPv4(host) || isIPv6(host)) return classOfAddress(host);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  if (METADATA_NAMES.has(host)) return 'metadata';
  return undefined;
}

/**
 * True for a host whose plain `http:` traffic never leaves the machine: 127.0.0.0/8, ::1 and
 * `localhost`, by how they are written (a name that merely resolves to loopback today does
 * not count: tomorrow it may not).
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = normalHost(hostname);
  return host === 'localhost' || ((isIPv4(host) || isIPv6(host)) && classOfAddress(host) === 'loopback');
}

/** What the https rule accepts, for messages. */
export const HTTPS_RULE =
  'accepted are https: URLs, and http: only on loopback (127.0.0.0/8, ::1, localhost)';

/**
 * Why `url` may not carry OAuth traffic (a token, a code, a verifier, a client secret), or
 * `undefined` when it may: it must be `https:`, or `http:` on a loopback host.
 */
export function insecureSchemeProblem(url: URL): string | undefined {
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return undefined;
  if (url.protocol === 'http:') return `it is plain http: on the non-loopback host ${url.hostname}`;
  return `it uses ${url.protocol}`;
}

/** `url` for a message: no user info, query or fragment (they may carry secrets), at most 200 characters. */
export function describeUrl(url: URL): string {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return JSON.stringify(url.href.slice(0, 200));
  const shown = new URL(url.href);
  shown.username = '';
  shown.password = '';
  shown.search = '';
  shown.hash = '';
  return shown.href.slice(0, 200);
}
