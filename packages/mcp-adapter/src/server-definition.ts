import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpServerConfig } from './server-config.js';

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
}

/** Anything the adapter can connect to: a parsed config entry or a custom transport. */
export type McpServerDefinition = McpServerConfig | CustomServerDefinition;
