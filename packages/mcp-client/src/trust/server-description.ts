import { McpClientError, McpClientErrorCode } from '../errors.js';
import { serverEntries } from '../server-config.js';

/**
 * One server of an MCP configuration as it is written, for showing a user what a folder would
 * start or contact before they trust it. It is inert: no `${VAR}` is expanded (the text is kept
 * as written and the variable names are listed), and it is not a server definition —
 * `McpAdapter`, `McpConnectionManager` and `ServerConnection` refuse it with
 * `folder_untrusted`.
 */
export interface McpServerDescription {
  readonly name: string;
  /** `stdio` (a command), `http` (Streamable HTTP), `sse` (legacy HTTP+SSE), or `unknown` when the entry says neither. */
  readonly kind: 'stdio' | 'http' | 'sse' | 'unknown';
  /** The stdio command, as written. */
  readonly command?: string;
  /** The stdio arguments, as written. */
  readonly args?: readonly string[];
  /** The stdio working directory, as written. */
  readonly cwd?: string;
  /** The HTTP or SSE URL, as written. */
  readonly url?: string;
  /** Names of the environment variables it would set for a stdio server (values are not shown). */
  readonly envNames: readonly string[];
  /** Names of the HTTP headers it would send (values are not shown). */
  readonly headerNames: readonly string[];
  /** Every `${…}` reference in the entry: what it would read from the environment. */
  readonly variables: readonly string[];
  /** `"trust": true`: it asks for its tool annotations to be believed. */
  readonly trust: boolean;
  /** It has an `oauth` section. */
  readonly oauth: boolean;
  /** `"disabled": true` or `"enabled": false`: it would not be started. */
  readonly disabled: boolean;
  /** Set when the entry is not even an object (the parser would refuse it). */
  readonly problem?: string;
  /** Always true: a description, never something to connect. */
  readonly inert: true;
}

const REFERENCE = /\$\{([^}]*)\}/g;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Every `${…}` reference in the strings of `value`, as written, in order of first use. */
function references(value: unknown, found: Set<string>): void {
  if (typeof value === 'string') {
    for (const match of value.matchAll(REFERENCE)) found.add(match[0]);
  } else if (Array.isArray(value)) {
    for (const item of value) references(item, found);
  } else if (isRecord(value)) {
    for (const item of Object.values(value)) references(item, found);
  }
}

function kindOf(entry: Record<string, unknown>): McpServerDescription['kind'] {
  const declared = entry.type ?? entry.transport;
  if (declared === 'stdio') return 'stdio';
  if (declared === 'sse' || declared === 'SSE') return 'sse';
  if (typeof declared === 'string' && /^(http|streamable[-_]?http)$/i.test(declared)) return 'http';
  if (declared !== undefined) return 'unknown';
  if ('command' in entry) return 'stdio';
  if ('url' in entry) return 'http';
  return 'unknown';
}

function describeEntry(name: string, entry: unknown): McpServerDescription {
  if (!isRecord(entry)) {
    return {
      name,
      kind: 'unknown',
      envNames: [],
      headerNames: [],
      variables: [],
      trust: false,
      oauth: false,
      disabled: false,
      problem: `the entry is not an object (${text(entry)?.slice(0, 80)})`,
      inert: true,
    };
  }
  const variables = new Set<string>();
  references(entry, variables);
  const command = text(entry.command);
  const cwd = text(entry.cwd);
  const url = text(entry.url);
  const args = Array.isArray(entry.args) ? entry.args.map((arg) => text(arg) ?? '') : undefined;
  return {
    name,
    kind: kindOf(entry),
    ...(command === undefined ? {} : { command }),
    ...(args === undefined ? {} : { args }),
    ...(cwd === undefined ? {} : { cwd }),
    ...(url === undefined ? {} : { url }),
    envNames: isRecord(entry.env) ? Object.keys(entry.env) : [],
    headerNames: isRecord(entry.headers) ? Object.keys(entry.headers) : [],
    variables: [...variables],
    // Anything but `false` is shown as asking for trust: the user judges what the file says.
    trust: entry.trust !== undefined && entry.trust !== false,
    oauth: entry.oauth !== undefined,
    disabled: entry.disabled === true || entry.enabled === false,
    inert: true,
  };
}

/**
 * Describes the servers of an MCP configuration document (any form `parseMcpServersConfig`
 * accepts) without acting on it: nothing is expanded, started or contacted, and fields of the
 * wrong type are shown as their JSON rather than refused. Use it to show a user what an
 * untrusted folder's configuration would do.
 *
 * @throws McpClientError `config_invalid` when the document is not JSON or not an object.
 */
export function describeMcpServersConfig(input: unknown): McpServerDescription[] {
  return serverEntries(input).map(([name, entry]) => Object.freeze(describeEntry(name, entry)));
}

/**
 * Refuses a server description where a server definition is expected: connecting a folder's
 * servers takes trust, never a description passed on by mistake.
 */
export function refuseServerDescription(label: string, value: unknown): void {
  if (isRecord(value) && value.inert === true) {
    const name = typeof value.name === 'string' ? value.name.slice(0, 64) : '(unnamed)';
    throw new McpClientError(
      McpClientErrorCode.FolderUntrusted,
      `${label}: MCP server "${name}" is a description of an untrusted folder's configuration, not a server definition; nothing was started. Trust the folder (FolderTrustStore.trust) and load its servers again with projectMcpServers to connect them.`,
      { server: name },
    );
  }
}
