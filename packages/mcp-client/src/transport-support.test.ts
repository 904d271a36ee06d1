import { afterEach, describe, expect, it } from 'vitest';
import { McpConnectionManager } from './connection-manager.js';
import { parseMcpServersConfig } from './server-config.js';

const managers: McpConnectionManager[] = [];
afterEach(async () => {
  await Promise.all(managers.splice(0).map((manager) => manager.closeAll()));
});

async function failureOf(config: unknown): Promise<{ code: string; message: string }> {
  const manager = new McpConnectionManager(parseMcpServersConfig(config), { reconnect: { maxAttempts: 0 } });
  managers.push(manager);
  const { failed } = await manager.connectAll();
  expect(failed).toHaveLength(1);
  return { code: failed[0]!.error.code, message: failed[0]!.reason };
}

describe('a manager built from the root entry alone', () => {
  it('starts no process for a stdio server: the connect fails naming the import that would', async () => {
    const failure = await failureOf({
      mcpServers: { local: { command: process.execPath, args: ['-e', ''] } },
    });
    expect(failure.code).toBe('connect_failed');
    expect(failure.message).toContain(
      'MCP server "local" is a stdio server, and this client was given no stdio support: pass the option stdio: stdioSupport, exported by @toolwright/mcp-client/stdio (Node only).',
    );
  });

  it('sends nothing to a server with an oauth config: the connect fails naming the import that would', async () => {
    const failure = await failureOf({
      mcpServers: { hosted: { type: 'http', url: 'http://127.0.0.1:9/mcp', oauth: true } },
    });
    expect(failure.code).toBe('connect_failed');
    expect(failure.message).toContain(
      'MCP server "hosted" has an oauth config, and this client was given no OAuth support: pass the option oauth: mcpOAuth(options), exported by @toolwright/mcp-client/oauth.',
    );
  });

  it('refuses a stdio or oauth option that is not the support the subpaths export, by name', () => {
    expect(() => new McpConnectionManager([], { stdio: {} as never })).toThrow(
      "McpConnectionManager: stdio must be stdioSupport of '@toolwright/mcp-client/stdio'; the value given has no transport, endProcessTree method.",
    );
    expect(() => new McpConnectionManager([], { oauth: { storeDirectory: '/tmp/x' } as never })).toThrow(
      "McpConnectionManager: oauth must be mcpOAuth(options) of '@toolwright/mcp-client/oauth'; the value given has no transport method.",
    );
  });
});
