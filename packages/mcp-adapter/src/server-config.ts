import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import { MAX_TIMER_MS } from './option-checks.js';

/** A server started as a child process and spoken to over its stdin/stdout. */
export interface StdioServerConfig {
  readonly name: string;
  readonly transport: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  /** Added to the SDK's safe default environment (PATH, HOME, ...), not a replacement for it. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | undefined;
  readonly connectTimeoutMs: number | undefined;
  readonly requestTimeoutMs: number | undefined;
  /** `"trust": true`: the host believes this server's tool annotations (see {@link McpServerConfig}). */
  readonly trust: boolean;
}

/** A server reached over MCP Streamable HTTP. */
export interface StreamableHttpServerConfig {
  readonly name: string;
  readonly transport: 'streamable-http';
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  readonly connectTimeoutMs: number | undefined;
  readonly requestTimeoutMs: number | undefined;
  /** `"trust": true`: the host believes this server's tool annotations (see {@link McpServerConfig}). */
  readonly trust: boolean;
}

/**
 * One entry of a parsed `mcpServers` configuration. `trust` (default false, as in gemini-cli's
 * config) records whether the user believes the server's tool annotations; the MCP specification
 * calls annotations from an untrusted server hints. The adapter itself does not act on it: an
 * executor's permission policy does (`trustedMcpServers`).
 */
export type McpServerConfig = StdioServerConfig | StreamableHttpServerConfig;

const SERVER_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;
const STDIO_KEYS = new Set([
  'command',
  'args',
  'env',
  'cwd',
  'type',
  'transport',
  'timeout',
  'connectTimeoutMs',
  'requestTimeoutMs',
  'disabled',
  'trust',
]);
const HTTP_KEYS = new Set([
  'url',
  'headers',
  'type',
  'transport',
  'timeout',
  'connectTimeoutMs',
  'requestTimeoutMs',
  'disabled',
  'trust',
]);
const HTTP_TYPES = new Set(['http', 'streamable-http', 'streamableHttp', 'streamable_http']);
/** The legacy HTTP+SSE transport (MCP 2024-11-05), which VS Code and others still name `sse`. */
const SSE_TYPES = new Set(['sse', 'SSE']);

function fail(server: string | undefined, message: string): never {
  throw new McpAdapterError(
    McpAdapterErrorCode.ConfigInvalid,
    server === undefined ? message : `MCP server "${server}": ${message}`,
    server === undefined ? undefined : { server },
  );
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 80))}`;
  return `a ${typeof value}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(server: string, key: string, value: unknown): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value)) fail(server, `"${key}" must be an object of string values, got ${describe(value)}`);
  const result: Record<string, string> = {};
  for (const [entryKey, entryValue] of Object.entries(value)) {
    if (typeof entryValue !== 'string') {
      fail(server, `"${key}.${entryKey}" must be a string, got ${describe(entryValue)}`);
    }
    result[entryKey] = entryValue;
  }
  return result;
}

function timeout(server: string, key: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  // Above MAX_TIMER_MS, setTimeout fires after 1 ms: a "no timeout" meant as 1e12 would be none at all.
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMER_MS) {
    fail(
      server,
      `"${key}" must be a positive number of milliseconds up to ${MAX_TIMER_MS}, got ${describe(value)}`,
    );
  }
  return value;
}

function rejectUnknownKeys(
  server: string,
  entry: Record<string, unknown>,
  allowed: Set<string>,
  kind: string,
): void {
  for (const key of Object.keys(entry)) {
    if (key === 'envFile' && !allowed.has(key)) {
      fail(server, '"envFile" (VS Code) is not supported; put the variables in "env"');
    }
    if (!allowed.has(key)) {
      fail(
        server,
        `unknown key "${key}" for a ${kind} server; accepted keys are ${[...allowed].sort().join(', ')}`,
      );
    }
  }
}

function parseStdio(name: string, entry: Record<string, unknown>): StdioServerConfig {
  rejectUnknownKeys(name, entry, STDIO_KEYS, 'stdio');
  const { command, args, cwd } = entry;
  if (typeof command !== 'string' || command.trim() === '') {
    fail(name, `"command" must be a non-empty string, got ${describe(command)}`);
  }
  if (args !== undefined && (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string'))) {
    fail(name, `"args" must be an array of strings, got ${describe(args)}`);
  }
  if (cwd !== undefined && (typeof cwd !== 'string' || cwd === '')) {
    fail(name, `"cwd" must be a non-empty string, got ${describe(cwd)}`);
  }
  return {
    name,
    transport: 'stdio',
    command,
    args: (args as string[] | undefined) ?? [],
    env: stringRecord(name, 'env', entry.env),
    cwd: cwd as string | undefined,
    connectTimeoutMs: timeout(name, 'connectTimeoutMs', entry.connectTimeoutMs ?? entry.timeout),
    requestTimeoutMs: timeout(name, 'requestTimeoutMs', entry.requestTimeoutMs ?? entry.timeout),
    trust: trustFlag(name, entry.trust),
  };
}

function trustFlag(server: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') fail(server, `"trust" must be a boolean, got ${describe(value)}`);
  return value;
}

function parseHttp(name: string, entry: Record<string, unknown>): StreamableHttpServerConfig {
  rejectUnknownKeys(name, entry, HTTP_KEYS, 'Streamable HTTP');
  const { url } = entry;
  if (typeof url !== 'string') fail(name, `"url" must be a string, got ${describe(url)}`);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    fail(name, `"url" is not a valid URL: ${JSON.stringify(url)}; expected e.g. "http://127.0.0.1:3001/mcp"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    fail(name, `"url" must use http: or https:, got ${JSON.stringify(parsed.protocol)}`);
  }
  return {
    name,
    transport: 'streamable-http',
    url: parsed,
    headers: stringRecord(name, 'headers', entry.headers),
    connectTimeoutMs: timeout(name, 'connectTimeoutMs', entry.connectTimeoutMs ?? entry.timeout),
    requestTimeoutMs: timeout(name, 'requestTimeoutMs', entry.requestTimeoutMs ?? entry.timeout),
    trust: trustFlag(name, entry.trust),
  };
}

function parseEntry(name: string, entry: unknown): McpServerConfig | undefined {
  if (!SERVER_NAME.test(name)) {
    fail(
      undefined,
      `server name ${JSON.stringify(name)} is not accepted; use 1-64 characters from a-z A-Z 0-9 _ . -`,
    );
  }
  if (!isRecord(entry)) fail(name, `the entry must be an object, got ${describe(entry)}`);
  if (entry.disabled === true) return undefined;
  if (entry.disabled !== undefined && typeof entry.disabled !== 'boolean') {
    fail(name, `"disabled" must be a boolean, got ${describe(entry.disabled)}`);
  }
  const declared = entry.type ?? entry.transport;
  if (declared !== undefined && typeof declared !== 'string') {
    fail(name, `"type" must be a string, got ${describe(declared)}`);
  }
  if (declared === 'stdio') return parseStdio(name, entry);
  if (declared !== undefined && HTTP_TYPES.has(declared)) return parseHttp(name, entry);
  if (declared !== undefined && SSE_TYPES.has(declared)) {
    fail(
      name,
      `"type" ${JSON.stringify(declared)} (the legacy HTTP+SSE transport) is not supported yet; use the server's Streamable HTTP endpoint with "type": "http"`,
    );
  }
  if (declared !== undefined) {
    fail(
      name,
      `"type" ${JSON.stringify(declared)} is not supported; use "stdio" or "http" (Streamable HTTP)`,
    );
  }
  if ('command' in entry && 'url' in entry)
    fail(name, 'has both "command" and "url"; a server is either stdio or HTTP');
  if ('command' in entry) return parseStdio(name, entry);
  if ('url' in entry) return parseHttp(name, entry);
  return fail(name, 'needs "command" (stdio) or "url" (Streamable HTTP)');
}

/** True for a value that is one server's entry rather than a map of them. */
function isServerEntry(value: unknown): boolean {
  return isRecord(value) && ('command' in value || 'url' in value);
}

/**
 * The map of servers in a configuration document: `mcpServers` (Claude Desktop, Cursor and
 * most clients), `servers` (VS Code's `.mcp.json`, entries typed `stdio` or `http`), or the
 * inner map itself. A document with both keys is refused: which one would win is a guess.
 */
function serverMap(document: Record<string, unknown>): Record<string, unknown> {
  const hasMcpServers = 'mcpServers' in document;
  // `{ "servers": { "command": ... } }` is the inner map of a server named "servers".
  const hasServers = 'servers' in document && !isServerEntry(document.servers);
  if (hasMcpServers && hasServers) {
    fail(
      undefined,
      'the configuration has both "mcpServers" and "servers"; keep one: "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code\'s .mcp.json)',
    );
  }
  const key = hasMcpServers ? 'mcpServers' : hasServers ? 'servers' : undefined;
  const servers = key === undefined ? document : document[key];
  if (!isRecord(servers)) {
    fail(
      undefined,
      `"${key ?? 'mcpServers'}" must be an object keyed by server name, got ${describe(servers)}`,
    );
  }
  return servers;
}

/**
 * Parses an MCP servers configuration: the common `{ "mcpServers": { ... } }` document (Claude
 * Desktop, Cursor and others), VS Code's `{ "servers": { ... } }` (`.mcp.json`, entries with
 * `"type": "stdio"` or `"http"`; its top-level `inputs` are ignored and `${input:…}` variables
 * are not resolved), or just the inner map; as an object or a JSON string. Stdio entries take
 * `command`/`args`/`env`/`cwd`; Streamable HTTP entries take `url`/`headers`. Entries with
 * `"disabled": true` are skipped. The legacy `sse` transport is refused by name.
 *
 * @throws McpAdapterError `mcp_config_invalid`, naming the server and the key that is wrong.
 */
export function parseMcpServersConfig(input: unknown): McpServerConfig[] {
  let document = input;
  if (typeof document === 'string') {
    try {
      document = JSON.parse(document);
    } catch (error) {
      fail(undefined, `the configuration is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!isRecord(document)) fail(undefined, `the configuration must be an object, got ${describe(document)}`);
  const result: McpServerConfig[] = [];
  for (const [name, entry] of Object.entries(serverMap(document))) {
    const parsed = parseEntry(name, entry);
    if (parsed !== undefined) result.push(parsed);
  }
  return result;
}
