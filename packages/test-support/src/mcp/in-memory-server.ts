import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';

/**
 * A custom server definition of `@toolwright/mcp-client`, by shape: this private package sits
 * below the packages it serves in the build graph and cannot import their types.
 */
export interface InMemoryServerDefinition {
  readonly name: string;
  readonly transport: 'custom';
  createTransport(): Promise<InMemoryTransport>;
}

/**
 * A server built in this process and reached over the SDK's InMemoryTransport; rebuilt on every
 * (re)connect. Its own file, free of vitest, so the benchmarks use the same one as the tests.
 */
export function inMemoryServer(name: string, build: () => McpServer | Server): InMemoryServerDefinition {
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
