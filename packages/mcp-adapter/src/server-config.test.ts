import { ToolwrightError } from '@toolwright/validation';
import { describe, expect, it } from 'vitest';
import { McpAdapterError } from './errors.js';
import { parseMcpServersConfig } from './server-config.js';

function configError(input: unknown): McpAdapterError {
  try {
    parseMcpServersConfig(input);
  } catch (error) {
    expect(McpAdapterError.isInstance(error)).toBe(true);
    expect(ToolwrightError.isInstance(error)).toBe(true);
    return error as McpAdapterError;
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
      'MCP server "t": "trust" must be a boolean, got the string "yes"',
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
    expect(badArgs.code).toBe('mcp_config_invalid');
    expect(badArgs.server).toBe('files');
    expect(badArgs.message).toBe(
      'MCP server "files": "args" must be an array of strings, got the string "not-an-array"',
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
      '"env.A" must be a string, got a number',
    );
    expect(configError({ mcpServers: { 'bad name!': { command: 'x' } } }).message).toContain(
      'server name "bad name!" is not accepted',
    );
    expect(configError({ mcpServers: { t: { command: 'x', timeout: -1 } } }).message).toContain(
      'positive number of milliseconds',
    );
    expect(configError('{ not json').message).toContain('not valid JSON');
    expect(configError({ mcpServers: [] }).message).toContain(
      '"mcpServers" must be an object keyed by server name, got an array',
    );
  });
});
