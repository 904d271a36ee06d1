import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CustomServerDefinition } from '../server-definition.js';

/**
 * A server built in this process and reached over the SDK's InMemoryTransport; rebuilt on every
 * (re)connect. Its own file, free of vitest, so the benchmarks use the same one as the tests.
 */
export function inMemoryServer(name: string, build: () => McpServer | Server): CustomServerDefinition {
  return {
    name,
    transport: 'custom',
    async createTransport() {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      await build().connect(serverSide);
      return clientSide;
    },
  };
}
