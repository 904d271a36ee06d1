import type { Transport } from '@modelcontextprotocol/client';
import {
  checkOption,
  checkOptions,
  type OptionTable,
  POSITIVE_TIMER_MS,
  previewValue,
} from '@toolwright/utils';
import { McpClientError, McpClientErrorCode } from './errors.js';
import { headerProblem } from './header-check.js';
import { invalidOption } from './invalid-option.js';
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

// Names only: each value is checked below, in the words of a server definition.
const CHECKED_BELOW = { kind: 'custom' } as const;
const EVERY_DEFINITION = {
  name: CHECKED_BELOW,
  transport: CHECKED_BELOW,
  connectTimeoutMs: CHECKED_BELOW,
  requestTimeoutMs: CHECKED_BELOW,
  includeTools: CHECKED_BELOW,
  excludeTools: CHECKED_BELOW,
} as const;
const REMOTE_DEFINITION = {
  ...EVERY_DEFINITION,
  url: CHECKED_BELOW,
  headers: CHECKED_BELOW,
  trust: CHECKED_BELOW,
} as const;

const DEFINITION_NAMES = {
  stdio: {
    ...EVERY_DEFINITION,
    command: CHECKED_BELOW,
    args: CHECKED_BELOW,
    env: CHECKED_BELOW,
    cwd: CHECKED_BELOW,
    trust: CHECKED_BELOW,
  } satisfies OptionTable<StdioServerConfig>,
  'streamable-http': {
    ...REMOTE_DEFINITION,
    sseFallback: CHECKED_BELOW,
    oauth: CHECKED_BELOW,
  } satisfies OptionTable<StreamableHttpServerConfig>,
  sse: REMOTE_DEFINITION satisfies OptionTable<SseServerConfig>,
  custom: {
    ...EVERY_DEFINITION,
    createTransport: CHECKED_BELOW,
  } satisfies OptionTable<CustomServerDefinition>,
} as const;

/**
 * Checks server definitions built by hand (entries of `parseMcpServersConfig` always pass):
 * an array of objects, each with a `name` and a known `transport`, keys known for that
 * transport, positive timeouts, and a `createTransport` function for a custom one. Names must
 * be unique. Throws `invalid_option` naming the entry.
 */
export function checkServerDefinitions(owner: string, servers: unknown): void {
  if (!Array.isArray(servers)) {
    throw new McpClientError(
      McpClientErrorCode.InvalidOption,
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
      throw new McpClientError(
        McpClientErrorCode.InvalidOption,
        `${label}: a server definition is an object with a non-empty "name" (see parseMcpServersConfig).`,
      );
    }
    if (
      transport !== 'stdio' &&
      transport !== 'streamable-http' &&
      transport !== 'sse' &&
      transport !== 'custom'
    ) {
      throw new McpClientError(
        McpClientErrorCode.InvalidOption,
        `${label}: transport must be "stdio", "streamable-http", "sse" or "custom"; got ${previewValue(transport)}.`,
        { server: record.name },
      );
    }
    checkOptions(label, server, DEFINITION_NAMES[transport], invalidOption);
    for (const key of ['includeTools', 'excludeTools'] as const) {
      const names = record[key];
      if (names !== undefined && (!Array.isArray(names) || names.some((name) => typeof name !== 'string'))) {
        throw new McpClientError(
          McpClientErrorCode.InvalidOption,
          `${label}: ${key} must be an array of tool names (strings).`,
          { server: record.name },
        );
      }
    }
    checkOption(label, 'connectTimeoutMs', record.connectTimeoutMs, POSITIVE_TIMER_MS, invalidOption);
    checkOption(label, 'requestTimeoutMs', record.requestTimeoutMs, POSITIVE_TIMER_MS, invalidOption);
    // A header fetch cannot send would only fail at connect, with a message that names no header.
    if ((transport === 'streamable-http' || transport === 'sse') && isStringRecord(record.headers)) {
      for (const [header, value] of Object.entries(record.headers)) {
        const problem = headerProblem(header, value);
        if (problem !== undefined) {
          throw new McpClientError(McpClientErrorCode.InvalidOption, `${label}: ${problem}.`, {
            server: record.name,
          });
        }
      }
    }
    if (transport === 'custom') {
      checkOption(
        label,
        'createTransport',
        record.createTransport ?? null,
        { kind: 'function' },
        invalidOption,
      );
    }
    if (seen.has(record.name)) {
      throw new McpClientError(
        McpClientErrorCode.ConfigInvalid,
        `MCP server name "${record.name}" is used twice; every server needs its own name`,
        { server: record.name },
      );
    }
    seen.add(record.name);
  });
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}
