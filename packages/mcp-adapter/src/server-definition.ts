import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { McpAdapterError, McpAdapterErrorCode } from './errors.js';
import {
  checkNumberOption,
  checkOptions,
  checkTypeOption,
  optionNames,
  POSITIVE_TIMER_MS,
} from './option-checks.js';
import type {
  McpServerConfig,
  SseServerConfig,
  StdioServerConfig,
  StreamableHttpServerConfig,
} from './server-config.js';
import { refuseServerDescription } from './trust/server-description.js';

/**
 * A server reached through a transport the caller builds (for example the SDK's
 * `InMemoryTransport`, or a transport with custom authentication). `createTransport` is
 * called again for every reconnect.
 */
export interface CustomServerDefinition {
  readonly name: string;
  readonly transport: 'custom';
  createTransport(): Transport | Promise<Transport>;
  readonly connectTimeoutMs?: number | undefined;
  readonly requestTimeoutMs?: number | undefined;
  /** Only these of its tools (names as the server gives them); default all. */
  readonly includeTools?: readonly string[] | undefined;
  /** Never these of its tools; wins over `includeTools`. */
  readonly excludeTools?: readonly string[] | undefined;
}

/** Anything the adapter can connect to: a parsed config entry or a custom transport. */
export type McpServerDefinition = McpServerConfig | CustomServerDefinition;

const DEFINITION_NAMES = {
  stdio: optionNames<StdioServerConfig>({
    name: true,
    transport: true,
    command: true,
    args: true,
    env: true,
    cwd: true,
    connectTimeoutMs: true,
    requestTimeoutMs: true,
    trust: true,
    includeTools: true,
    excludeTools: true,
  }),
  'streamable-http': optionNames<StreamableHttpServerConfig>({
    name: true,
    transport: true,
    url: true,
    headers: true,
    connectTimeoutMs: true,
    requestTimeoutMs: true,
    trust: true,
    includeTools: true,
    excludeTools: true,
    sseFallback: true,
    oauth: true,
  }),
  sse: optionNames<SseServerConfig>({
    name: true,
    transport: true,
    url: true,
    headers: true,
    connectTimeoutMs: true,
    requestTimeoutMs: true,
    trust: true,
    includeTools: true,
    excludeTools: true,
  }),
  custom: optionNames<CustomServerDefinition>({
    name: true,
    transport: true,
    createTransport: true,
    connectTimeoutMs: true,
    requestTimeoutMs: true,
    includeTools: true,
    excludeTools: true,
  }),
} as const;

/**
 * Checks server definitions built by hand (entries of `parseMcpServersConfig` always pass):
 * an array of objects, each with a `name` and a known `transport`, keys known for that
 * transport, positive timeouts, and a `createTransport` function for a custom one. Names must
 * be unique. Throws `invalid_option` naming the entry.
 */
export function checkServerDefinitions(owner: string, servers: unknown): void {
  if (!Array.isArray(servers)) {
    throw new McpAdapterError(
      McpAdapterErrorCode.InvalidOption,
      `${owner}: servers must be an array of server definitions (see parseMcpServersConfig); got ${servers === null ? 'null' : typeof servers}.`,
    );
  }
  const seen = new Set<string>();
  servers.forEach((server: unknown, index) => {
    const record = (typeof server === 'object' && server !== null ? server : {}) as Record<string, unknown>;
    const label = `${owner}.servers[${index}]${typeof record.name === 'string' ? ` ("${record.name.slice(0, 64)}")` : ''}`;
    refuseServerDescription(label, server);
    const transport = record.transport;
    if (
      typeof server !== 'object' ||
      server === null ||
      typeof record.name !== 'string' ||
      record.name === ''
    ) {
      throw new McpAdapterError(
        McpAdapterErrorCode.InvalidOption,
        `${label}: a server definition is an object with a non-empty "name" (see parseMcpServersConfig).`,
      );
    }
    if (
      transport !== 'stdio' &&
      transport !== 'streamable-http' &&
      transport !== 'sse' &&
      transport !== 'custom'
    ) {
      throw new McpAdapterError(
        McpAdapterErrorCode.InvalidOption,
        `${label}: transport must be "stdio", "streamable-http", "sse" or "custom"; got ${JSON.stringify(transport) ?? 'nothing'}.`,
        { server: record.name },
      );
    }
    checkOptions(label, server, DEFINITION_NAMES[transport]);
    for (const key of ['includeTools', 'excludeTools'] as const) {
      const names = record[key];
      if (names !== undefined && (!Array.isArray(names) || names.some((name) => typeof name !== 'string'))) {
        throw new McpAdapterError(
          McpAdapterErrorCode.InvalidOption,
          `${label}: ${key} must be an array of tool names (strings).`,
          { server: record.name },
        );
      }
    }
    checkNumberOption(label, 'connectTimeoutMs', record.connectTimeoutMs, POSITIVE_TIMER_MS);
    checkNumberOption(label, 'requestTimeoutMs', record.requestTimeoutMs, POSITIVE_TIMER_MS);
    if (transport === 'custom') {
      checkTypeOption(label, 'createTransport', record.createTransport ?? null, 'function');
    }
    if (seen.has(record.name)) {
      throw new McpAdapterError(
        McpAdapterErrorCode.ConfigInvalid,
        `MCP server name "${record.name}" is used twice; every server needs its own name`,
        { server: record.name },
      );
    }
    seen.add(record.name);
  });
}
