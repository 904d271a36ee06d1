import { ToolwrightError } from '@toolwright/utils';
import { afterAll, describe, expect, it } from 'vitest';
import type { McpConnectionManager } from './connection-manager.js';
import { McpClientError } from './errors.js';
import { parseMcpServersConfig } from './server-config.js';
import { nodeManager, serverEntry } from './test-support/helpers.js';

function configError(input: unknown): McpClientError {
  try {
    parseMcpServersConfig(input);
  } catch (error) {
    expect(McpClientError.isInstance(error)).toBe(true);
    expect(ToolwrightError.isInstance(error)).toBe(true);
    return error as McpClientError;
  }
  throw new Error('expected the configuration to be refused');
}

describe('parseMcpServersConfig', () => {
  it('reads stdio and Streamable HTTP entries of the common mcpServers document, from JSON text', () => {
    const servers = parseMcpServersConfig(
      JSON.stringify({
        mcpServers: {
          files: { command: 'npx', args: ['-y', 'server'], env: { TOKEN: 'x' }, cwd: '/tmp' },
          remote: { type: 'http', url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' } },
          off: { command: 'nothing', disabled: true },
        },
      }),
    );
    expect(servers).toHaveLength(2);
    expect(servers[0]).toMatchObject({
      name: 'files',
      transport: 'stdio',
      command: 'npx',
      args: ['-y', 'server'],
      env: { TOKEN: 'x' },
      cwd: '/tmp',
    });
    expect(servers[1]).toMatchObject({
      name: 'remote',
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer t' },
    });
    expect(servers[1]?.transport === 'streamable-http' && servers[1].url.href).toBe(
      'http://127.0.0.1:3001/mcp',
    );
  });

  it('reads "trust" per server (default false) and refuses a non-boolean', () => {
    const [trusted, untrusted] = parseMcpServersConfig({
      mcpServers: { mine: { command: 'node', trust: true }, theirs: { url: 'http://127.0.0.1:1/mcp' } },
    });
    expect([trusted?.trust, untrusted?.trust]).toEqual([true, false]);
    expect(configError({ mcpServers: { t: { command: 'x', trust: 'yes' } } }).message).toBe(
      'MCP server "t": "trust" must be a boolean, got string "yes"',
    );
  });

  it('accepts the inner map alone and defaults args and env', () => {
    expect(parseMcpServersConfig({ a: { command: 'node' } })[0]).toMatchObject({
      args: [],
      env: {},
      cwd: undefined,
    });
  });

  it('names the server and the key that is wrong, and what is accepted', () => {
    const badArgs = configError({ mcpServers: { files: { command: 'npx', args: 'not-an-array' } } });
    expect(badArgs.code).toBe('config_invalid');
    expect(badArgs.server).toBe('files');
    expect(badArgs.message).toBe(
      'MCP server "files": "args" must be an array of strings, got string "not-an-array"',
    );

    expect(configError({ mcpServers: { web: { url: 'ftp://x' } } }).message).toContain(
      '"url" must use http: or https:',
    );
    expect(configError({ mcpServers: { web: { url: 'http://x', comand: 'typo' } } }).message).toContain(
      'unknown key "comand"',
    );
    expect(configError({ mcpServers: { both: { url: 'http://x', command: 'y' } } }).message).toContain(
      'both "command" and "url"',
    );
    expect(configError({ mcpServers: { none: {} } }).message).toContain('needs "command" (stdio) or "url"');
    expect(configError({ mcpServers: { e: { command: 'x', env: { A: 1 } } } }).message).toContain(
      '"env.A" must be a string, got integer 1',
    );
    expect(configError({ mcpServers: { 'bad name!': { command: 'x' } } }).message).toContain(
      'server name "bad name!" is not accepted',
    );
    expect(configError({ mcpServers: { t: { command: 'x', timeout: -1 } } }).message).toBe(
      'MCP server "t": "connectTimeoutMs" must be a positive number of milliseconds up to 2147483647, got integer -1',
    );
    expect(configError({ mcpServers: { t: { command: 'x', requestTimeoutMs: 1e12 } } }).message).toBe(
      'MCP server "t": "requestTimeoutMs" must be a positive number of milliseconds up to 2147483647, got integer 1000000000000',
    );
    expect(configError('{ not json').message).toContain('not valid JSON');
    expect(configError({ mcpServers: [] }).message).toContain(
      '"mcpServers" must be an object keyed by server name, got array of 0 items',
    );
  });
});

describe('parseMcpServersConfig: VS Code .mcp.json ({ "servers": ... })', () => {
  const managers: McpConnectionManager[] = [];
  afterAll(async () => {
    for (const manager of managers) await manager.closeAll();
  });

  it('reads stdio and http entries, not one server named "servers"; top-level inputs are ignored', () => {
    const servers = parseMcpServersConfig({
      inputs: [{ type: 'promptString', id: 'token', description: 'API token', password: true }],
      servers: {
        files: { type: 'stdio', command: 'npx', args: ['-y', 'server'], env: { TOKEN: 'x' } },
        remote: { type: 'http', url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' } },
        off: { type: 'stdio', command: 'nothing', disabled: true },
      },
    });
    expect(servers.map(({ name, transport }) => [name, transport])).toEqual([
      ['files', 'stdio'],
      ['remote', 'streamable-http'],
    ]);
    expect(servers[0]).toMatchObject({ command: 'npx', args: ['-y', 'server'], env: { TOKEN: 'x' } });
    expect(servers[1]).toMatchObject({ headers: { Authorization: 'Bearer t' } });
  });

  it('connects to a real server configured the VS Code way', async () => {
    const manager = nodeManager(
      parseMcpServersConfig(
        JSON.stringify({
          servers: {
            everything: {
              type: 'stdio',
              command: process.execPath,
              args: [serverEntry('@modelcontextprotocol/server-everything'), 'stdio'],
            },
          },
        }),
      ),
    );
    managers.push(manager);
    expect(await manager.connectAll()).toEqual({ connected: ['everything'], failed: [] });
    const tools = await manager
      .get('everything')
      .request('tools/list', (client, options) => client.listTools({}, options));
    expect(tools.tools.map((tool) => tool.name)).toContain('echo');
  });

  it('reads the legacy sse type in either document; a url without a type falls back to SSE, "http" does not', () => {
    for (const document of [
      { servers: { legacy: { type: 'sse', url: 'http://127.0.0.1:1/sse' } } },
      { mcpServers: { legacy: { type: 'sse', url: 'http://127.0.0.1:1/sse' } } },
    ]) {
      expect(parseMcpServersConfig(document)[0]).toMatchObject({ name: 'legacy', transport: 'sse' });
    }
    const [untyped, typed] = parseMcpServersConfig({
      mcpServers: {
        untyped: { url: 'http://127.0.0.1:1/mcp' },
        typed: { type: 'http', url: 'http://127.0.0.1:1/mcp' },
      },
    });
    expect(untyped).toMatchObject({ transport: 'streamable-http', sseFallback: true });
    expect(typed).toMatchObject({ transport: 'streamable-http', sseFallback: false });
    expect(configError({ servers: { odd: { type: 'websocket', url: 'ws://x' } } }).message).toBe(
      'MCP server "odd": "type" "websocket" is not supported; use "stdio", "http" (Streamable HTTP) or "sse" (the legacy HTTP+SSE transport)',
    );
    expect(configError({ servers: { odd: { type: 'htp', url: 'http://x' } } }).message).toContain(
      '"type" "htp" is not supported (did you mean "http"?)',
    );
  });

  it('refuses a document with both mcpServers and servers', () => {
    expect(
      configError({ mcpServers: { a: { command: 'x' } }, servers: { b: { type: 'stdio', command: 'y' } } })
        .message,
    ).toBe(
      'the configuration has both "mcpServers" and "servers"; keep one: "mcpServers" (Claude Desktop, Cursor) or "servers" (VS Code\'s .mcp.json)',
    );
  });

  it('names what VS Code accepts and the adapter does not: envFile', () => {
    expect(
      configError({ servers: { files: { type: 'stdio', command: 'x', envFile: '.env' } } }).message,
    ).toBe('MCP server "files": "envFile" (VS Code) is not supported; put the variables in "env"');
  });

  it('still reads an inner map whose server happens to be named "servers"', () => {
    expect(parseMcpServersConfig({ servers: { command: 'node' } })).toMatchObject([
      { name: 'servers', transport: 'stdio', command: 'node' },
    ]);
  });
});
