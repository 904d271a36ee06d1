import { checkOptions, didYouMean, MAX_TIMER_MS, type OptionTable, previewValue } from '@toolwright/utils';
import { HTTPS_RULE, insecureSchemeProblem } from './auth/address-class.js';
import { type OAuthServerConfig, parseOAuthConfig } from './auth/oauth-config.js';
import { type ConfigEnvironment, expandVariables } from './config-variables.js';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { headerProblem } from './header-check.js';
import { invalidOption } from './invalid-option.js';

/** What a server entry holds whatever its transport. */
export interface McpServerConfigCommon {
  /** The entry's key in `mcpServers`. */
  readonly name: string;
  readonly connectTimeoutMs: number | undefined;
  readonly requestTimeoutMs: number | undefined;
  /** `"trust": true`: the host believes this server's tool annotations (see {@link McpServerConfig}). */
  readonly trust: boolean;
  /** Only these of its tools (names as the server gives them), or `undefined` for all. */
  readonly includeTools?: readonly string[] | undefined;
  /** Never these of its tools; wins over `includeTools`. */
  readonly excludeTools?: readonly string[] | undefined;
}

/** A server started as a child process and spoken to over its stdin/stdout. */
export interface StdioServerConfig extends McpServerConfigCommon {
  readonly transport: 'stdio';
  readonly command: string;
  readonly args: readonly string[];
  /** Added to the SDK's safe default environment (PATH, HOME, ...), not a replacement for it. */
  readonly env: Readonly<Record<string, string>>;
  readonly cwd: string | undefined;
}

/** A server reached over MCP Streamable HTTP. */
export interface StreamableHttpServerConfig extends McpServerConfigCommon {
  readonly transport: 'streamable-http';
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
  /**
   * True when the entry gave a `url` but no `type`: a server that answers the Streamable HTTP
   * handshake with a 4xx is tried again over the legacy HTTP+SSE transport (the fallback the MCP
   * SDK documents). `"type": "http"` means Streamable HTTP only.
   */
  readonly sseFallback?: boolean | undefined;
  /** OAuth 2.1 for this server (see `OAuthServerConfig`); absent: only the configured headers. */
  readonly oauth?: OAuthServerConfig;
}

/** A server reached over the legacy HTTP+SSE transport (MCP 2024-11-05): `"type": "sse"`. */
export interface SseServerConfig extends McpServerConfigCommon {
  readonly transport: 'sse';
  /** The SSE endpoint (the server names the endpoint for POSTs in its first event). */
  readonly url: URL;
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * One entry of a parsed `mcpServers` configuration. `trust` (default false, as in gemini-cli's
 * config) records whether the user believes the server's tool annotations; the MCP specification
 * calls annotations from an untrusted server hints. The adapter itself does not act on it: an
 * executor's permission policy does (`trustedMcpServers`).
 */
export type McpServerConfig = StdioServerConfig | StreamableHttpServerConfig | SseServerConfig;

/** Options of {@link parseMcpServersConfig}. */
export interface ParseMcpServersConfigOptions {
  /**
   * Where `${NAME}`, `${NAME:-default}` and `${env:NAME}` in `command`, `args`, `env`, `url`,
   * `headers` and every string of `oauth` are looked up; default `process.env`.
   */
  readonly env?: ConfigEnvironment;
}

const PARSE_OPTION_NAMES: OptionTable<ParseMcpServersConfigOptions> = { env: { kind: 'custom' } };

const SERVER_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;
/** Keys every entry accepts, whatever its transport. */
const COMMON_KEYS = [
  'type',
  'transport',
  'timeout',
  'connectTimeoutMs',
  'requestTimeoutMs',
  'disabled',
  'enabled',
  'trust',
  'includeTools',
  'excludeTools',
];
const STDIO_KEYS = new Set(['command', 'args', 'env', 'cwd', ...COMMON_KEYS]);
const HTTP_KEYS = new Set(['url', 'headers', 'oauth', ...COMMON_KEYS]);
const HTTP_TYPES = new Set(['http', 'streamable-http', 'streamableHttp', 'streamable_http']);
/** The legacy HTTP+SSE transport (MCP 2024-11-05), which VS Code and others still name `sse`. */
const SSE_TYPES = new Set(['sse', 'SSE']);

function fail(server: string | undefined, message: string): never {
  throw new McpClientError(
    McpClientErrorCode.ConfigInvalid,
    server === undefined ? message : `MCP server "${server}": ${message}`,
    server === undefined ? undefined : { server },
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringRecord(
  server: string,
  key: string,
  value: unknown,
  environment: ConfigEnvironment,
): Record<string, string> {
  if (value === undefined) return {};
  if (!isRecord(value))
    fail(server, `"${key}" must be an object of string values, got ${previewValue(value)}`);
  const result: Record<string, string> = {};
  for (const [entryKey, entryValue] of Object.entries(value)) {
    if (typeof entryValue !== 'string') {
      fail(server, `"${key}.${entryKey}" must be a string, got ${previewValue(entryValue)}`);
    }
    result[entryKey] = expandVariables(server, `${key}.${entryKey}`, entryValue, environment);
  }
  return result;
}

/** `headers` once their variables are expanded: each one fetch can send (see `headerProblem`). */
function sendableHeaders(server: string, headers: Record<string, string>): Record<string, string> {
  for (const [header, value] of Object.entries(headers)) {
    const problem = headerProblem(header, value);
    if (problem !== undefined) fail(server, problem);
  }
  return headers;
}

/** `includeTools` / `excludeTools`: tool names as the server gives them, non-empty strings. */
function toolNames(server: string, key: string, value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value))
    fail(server, `"${key}" must be an array of tool names, got ${previewValue(value)}`);
  value.forEach((name: unknown, index) => {
    if (typeof name !== 'string' || name === '') {
      fail(server, `"${key}[${index}]" must be a non-empty tool name, got ${previewValue(name)}`);
    }
  });
  return [...new Set(value as string[])];
}

/** The keys every transport shares, read from `entry`. */
function commonSettings(name: string, entry: Record<string, unknown>) {
  return {
    connectTimeoutMs: timeout(name, 'connectTimeoutMs', entry.connectTimeoutMs ?? entry.timeout),
    requestTimeoutMs: timeout(name, 'requestTimeoutMs', entry.requestTimeoutMs ?? entry.timeout),
    trust: trustFlag(name, entry.trust),
    includeTools: toolNames(name, 'includeTools', entry.includeTools),
    excludeTools: toolNames(name, 'excludeTools', entry.excludeTools) ?? [],
  };
}

function timeout(server: string, key: string, value: unknown): number | undefined {
  if (value === undefined) return undefined;
  // Above MAX_TIMER_MS, setTimeout fires after 1 ms: a "no timeout" meant as 1e12 would be none at all.
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > MAX_TIMER_MS) {
    fail(
      server,
      `"${key}" must be a positive number of milliseconds up to ${MAX_TIMER_MS}, got ${previewValue(value)}`,
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
        `unknown key "${key}" for a ${kind} server${didYouMean(key, allowed)}; accepted keys are ${[...allowed].sort().join(', ')}`,
      );
    }
  }
}

function parseStdio(
  name: string,
  entry: Record<string, unknown>,
  environment: ConfigEnvironment,
): StdioServerConfig {
  rejectUnknownKeys(name, entry, STDIO_KEYS, 'stdio');
  const { command, args, cwd } = entry;
  if (typeof command !== 'string' || command.trim() === '') {
    fail(name, `"command" must be a non-empty string, got ${previewValue(command)}`);
  }
  if (args !== undefined && (!Array.isArray(args) || args.some((arg) => typeof arg !== 'string'))) {
    fail(name, `"args" must be an array of strings, got ${previewValue(args)}`);
  }
  if (cwd !== undefined && (typeof cwd !== 'string' || cwd === '')) {
    fail(name, `"cwd" must be a non-empty string, got ${previewValue(cwd)}`);
  }
  return {
    name,
    transport: 'stdio',
    command: expandVariables(name, 'command', command, environment),
    args: ((args as string[] | undefined) ?? []).map((arg, index) =>
      expandVariables(name, `args[${index}]`, arg, environment),
    ),
    env: stringRecord(name, 'env', entry.env, environment),
    cwd: cwd as string | undefined,
    ...commonSettings(name, entry),
  };
}

function trustFlag(server: string, value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'boolean') fail(server, `"trust" must be a boolean, got ${previewValue(value)}`);
  return value;
}

function parseUrl(name: string, url: unknown, environment: ConfigEnvironment): URL {
  if (typeof url !== 'string') fail(name, `"url" must be a string, got ${previewValue(url)}`);
  const expanded = expandVariables(name, 'url', url, environment);
  let parsed: URL;
  try {
    parsed = new URL(expanded);
  } catch {
    fail(name, `"url" is not a valid URL: ${JSON.stringify(url)}; expected e.g. "http://127.0.0.1:3001/mcp"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    fail(name, `"url" must use http: or https:, got ${JSON.stringify(parsed.protocol)}`);
  }
  return parsed;
}

/** A URL entry: Streamable HTTP (`sseFallback` when no type was given) or the legacy SSE transport. */
function parseHttp(
  name: string,
  entry: Record<string, unknown>,
  environment: ConfigEnvironment,
  kind: 'streamable-http' | 'sse' | 'unspecified',
): StreamableHttpServerConfig | SseServerConfig {
  rejectUnknownKeys(name, entry, HTTP_KEYS, kind === 'sse' ? 'SSE' : 'Streamable HTTP');
  const common = {
    name,
    url: parseUrl(name, entry.url, environment),
    headers: sendableHeaders(name, stringRecord(name, 'headers', entry.headers, environment)),
    ...commonSettings(name, entry),
  };
  const oauth = parseOAuthConfig(name, entry.oauth, environment);
  const cleartext = oauth === undefined ? undefined : insecureSchemeProblem(common.url);
  if (cleartext !== undefined) {
    // The bearer token, the authorization code and the PKCE verifier would all travel unencrypted.
    fail(name, `"url" must be https: when "oauth" is set, but ${cleartext}; ${HTTPS_RULE}`);
  }
  if (kind === 'sse' && oauth !== undefined)
    fail(
      name,
      '"oauth" needs Streamable HTTP ("type": "http"); the legacy SSE transport is not supported with it',
    );
  if (kind === 'sse') return { ...common, transport: 'sse' };
  // An OAuth server is not retried over SSE: its 401 is a login to do, not a transport to change.
  if (oauth !== undefined) return { ...common, transport: 'streamable-http', sseFallback: false, oauth };
  return { ...common, transport: 'streamable-http', sseFallback: kind === 'unspecified' };
}

/** `false` when the entry says `"disabled": true` or `"enabled": false`; both must agree. */
function isEnabled(name: string, entry: Record<string, unknown>): boolean {
  const { disabled, enabled } = entry;
  if (disabled !== undefined && typeof disabled !== 'boolean') {
    fail(name, `"disabled" must be a boolean, got ${previewValue(disabled)}`);
  }
  if (enabled !== undefined && typeof enabled !== 'boolean') {
    fail(name, `"enabled" must be a boolean, got ${previewValue(enabled)}`);
  }
  if (disabled !== undefined && enabled !== undefined && disabled === enabled) {
    fail(name, `"enabled": ${enabled} and "disabled": ${disabled} contradict each other; keep one`);
  }
  return disabled !== true && enabled !== false;
}

function parseEntry(
  name: string,
  entry: unknown,
  environment: ConfigEnvironment,
): McpServerConfig | undefined {
  if (!SERVER_NAME.test(name)) {
    fail(
      undefined,
      `server name ${JSON.stringify(name)} is not accepted; use 1-64 characters from a-z A-Z 0-9 _ . -`,
    );
  }
  if (!isRecord(entry)) fail(name, `the entry must be an object, got ${previewValue(entry)}`);
  // A disabled entry is skipped before anything else is read: its variables need not be set.
  if (!isEnabled(name, entry)) return undefined;
  const declared = entry.type ?? entry.transport;
  if (declared !== undefined && typeof declared !== 'string') {
    fail(name, `"type" must be a string, got ${previewValue(declared)}`);
  }
  if (declared === 'stdio') return parseStdio(name, entry, environment);
  if (declared !== undefined && HTTP_TYPES.has(declared))
    return parseHttp(name, entry, environment, 'streamable-http');
  if (declared !== undefined && SSE_TYPES.has(declared)) return parseHttp(name, entry, environment, 'sse');
  if (declared !== undefined) {
    fail(
      name,
      `"type" ${JSON.stringify(declared)} is not supported${didYouMean(declared, ['stdio', 'http', 'sse'])}; use "stdio", "http" (Streamable HTTP) or "sse" (the legacy HTTP+SSE transport)`,
    );
  }
  if ('command' in entry && 'url' in entry)
    fail(name, 'has both "command" and "url"; a server is either stdio or HTTP');
  if ('command' in entry) return parseStdio(name, entry, environment);
  if ('url' in entry) return parseHttp(name, entry, environment, 'unspecified');
  return fail(name, 'needs "command" (stdio) or "url" (Streamable HTTP or SSE)');
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
      `"${key ?? 'mcpServers'}" must be an object keyed by server name, got ${previewValue(servers)}`,
    );
  }
  return servers;
}

/**
 * The `[name, entry]` pairs of a configuration document (an object or a JSON string), in the
 * forms {@link parseMcpServersConfig} accepts; nothing in an entry is read yet.
 *
 * @throws McpClientError `config_invalid` for a document that is not JSON or not an object.
 */
export function serverEntries(input: unknown): Array<[string, unknown]> {
  let document = input;
  if (typeof document === 'string') {
    try {
      document = JSON.parse(document);
    } catch (error) {
      fail(undefined, `the configuration is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (!isRecord(document))
    fail(undefined, `the configuration must be an object, got ${previewValue(document)}`);
  return Object.entries(serverMap(document));
}

/**
 * Parses an MCP servers configuration: the common `{ "mcpServers": { ... } }` document (Claude
 * Desktop, Cursor and others), VS Code's `{ "servers": { ... } }` (`.mcp.json`, entries with
 * `"type": "stdio"`, `"http"` or `"sse"`; its top-level `inputs` are ignored and `${input:…}`
 * references are refused by name), or just the inner map; as an object or a JSON string.
 *
 * Stdio entries take `command`/`args`/`env`/`cwd`; HTTP entries take `url`/`headers` with
 * `"type": "http"` (Streamable HTTP), `"sse"` (the legacy HTTP+SSE transport) or no type
 * (Streamable HTTP, falling back to SSE on a 4xx). Every entry takes `timeout` (or
 * `connectTimeoutMs`/`requestTimeoutMs`), `trust`, `includeTools`/`excludeTools` (exact tool
 * names; exclude wins) and `enabled: false` or `disabled: true` to skip it. `${NAME}`,
 * `${NAME:-default}` and `${env:NAME}` in `command`, `args`, `env`, `url`, `headers` and every
 * string of `oauth` are expanded from `options.env` (default `process.env`); an unset variable without a default is
 * an error naming the server, the key and the variable.
 *
 * @throws McpClientError `config_invalid`, naming the server and the key that is wrong;
 * `invalid_option` for an unknown option.
 */
export function parseMcpServersConfig(
  input: unknown,
  options: ParseMcpServersConfigOptions = {},
): McpServerConfig[] {
  checkOptions('parseMcpServersConfig', options, PARSE_OPTION_NAMES, invalidOption);
  const environment = options.env ?? process.env;
  if (typeof environment !== 'object' || environment === null) {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
      `parseMcpServersConfig: "env" must be an object of environment variables, got ${previewValue(environment)}`,
    );
  }
  const result: McpServerConfig[] = [];
  for (const [name, entry] of serverEntries(input)) {
    const parsed = parseEntry(name, entry, environment);
    if (parsed !== undefined) result.push(parsed);
  }
  return result;
}
