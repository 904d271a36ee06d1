// biome-ignore-all lint/suspicious/noTemplateCurlyInString: these strings are configuration text whose ${…} references the parser expands.
import { describe, expect, it } from 'vitest';
import { McpClientError } from './errors.js';
import { parseMcpServersConfig } from './server-config.js';

function configError(input: unknown, env: Record<string, string | undefined> = {}): McpClientError {
  try {
    parseMcpServersConfig(input, { env });
  } catch (error) {
    expect(McpClientError.isInstance(error)).toBe(true);
    return error as McpClientError;
  }
  throw new Error('expected the configuration to be refused');
}

describe('includeTools / excludeTools, enabled, timeout', () => {
  it('reads tool filters as exact names, deduplicated; exclude defaults to none', () => {
    const [server] = parseMcpServersConfig({
      mcpServers: { gh: { command: 'x', includeTools: ['a', 'b', 'a'], excludeTools: ['b'] } },
    });
    expect(server).toMatchObject({ includeTools: ['a', 'b'], excludeTools: ['b'] });
    const [plain] = parseMcpServersConfig({ mcpServers: { gh: { url: 'http://127.0.0.1:1/mcp' } } });
    expect(plain).toMatchObject({ includeTools: undefined, excludeTools: [] });
  });

  it('refuses a filter that is not a list of names, by server, key and index', () => {
    expect(configError({ mcpServers: { gh: { command: 'x', includeTools: 'a' } } }).message).toBe(
      'MCP server "gh": "includeTools" must be an array of tool names, got string "a"',
    );
    expect(configError({ mcpServers: { gh: { command: 'x', excludeTools: ['a', 3] } } }).message).toBe(
      'MCP server "gh": "excludeTools[1]" must be a non-empty tool name, got integer 3',
    );
  });

  it('skips "enabled": false like "disabled": true, refuses a contradiction and a non-boolean', () => {
    expect(
      parseMcpServersConfig({
        mcpServers: { off: { command: 'x', enabled: false }, on: { command: 'y', enabled: true } },
      }).map((server) => server.name),
    ).toEqual(['on']);
    expect(configError({ mcpServers: { s: { command: 'x', enabled: true, disabled: true } } }).message).toBe(
      'MCP server "s": "enabled": true and "disabled": true contradict each other; keep one',
    );
    expect(configError({ mcpServers: { s: { command: 'x', enabled: 'no' } } }).message).toBe(
      'MCP server "s": "enabled" must be a boolean, got string "no"',
    );
  });

  it('"timeout" sets both timeouts; an unknown key is named with the nearest known one', () => {
    expect(parseMcpServersConfig({ mcpServers: { s: { command: 'x', timeout: 5000 } } })[0]).toMatchObject({
      connectTimeoutMs: 5000,
      requestTimeoutMs: 5000,
    });
    expect(configError({ mcpServers: { s: { command: 'x', includeTool: ['a'] } } }).message).toContain(
      'unknown key "includeTool" for a stdio server (did you mean "includeTools"?)',
    );
    expect(configError({ mcpServers: { s: { url: 'http://x', enable: false } } }).message).toContain(
      'unknown key "enable" for a Streamable HTTP server (did you mean "enabled"?)',
    );
  });

  it('refuses an unknown option of parseMcpServersConfig by name', () => {
    expect(() => parseMcpServersConfig({}, { environment: {} } as never)).toThrow(
      /unknown option "environment"/,
    );
  });
});

describe('environment variables in command, args, env, url and headers', () => {
  const env = { TOKEN: 's3cret', HOST: '127.0.0.1', EMPTY: '' };

  it('expands ${NAME}, ${NAME:-default} and VS Code ${env:NAME}', () => {
    const [stdio, http] = parseMcpServersConfig(
      {
        mcpServers: {
          tool: {
            command: '${BIN:-node}',
            args: ['--token=${TOKEN}', '$TOKEN', '${EMPTY:-fallback}'],
            env: { API_KEY: '${env:TOKEN}', PLAIN: 'a$b' },
          },
          web: {
            url: 'http://${HOST}:${PORT:-3001}/mcp',
            headers: { Authorization: 'Bearer ${TOKEN}' },
          },
        },
      },
      { env },
    );
    expect(stdio).toMatchObject({
      command: 'node',
      // A bare $NAME is not expanded (as in Claude Code); an empty variable takes the default.
      args: ['--token=s3cret', '$TOKEN', 'fallback'],
      env: { API_KEY: 's3cret', PLAIN: 'a$b' },
    });
    expect(http).toMatchObject({ headers: { Authorization: 'Bearer s3cret' } });
    expect(http?.transport !== 'stdio' && http?.url.href).toBe('http://127.0.0.1:3001/mcp');
  });

  it('reads process.env by default', () => {
    process.env.TOOLWRIGHT_CONFIG_TEST = 'from-process';
    try {
      expect(
        parseMcpServersConfig({ mcpServers: { s: { command: '${TOOLWRIGHT_CONFIG_TEST}' } } })[0],
      ).toMatchObject({ command: 'from-process' });
    } finally {
      delete process.env.TOOLWRIGHT_CONFIG_TEST;
    }
  });

  it('names the server, the key and the variable when a variable is unset and has no default', () => {
    const error = configError({
      mcpServers: { gh: { url: 'http://x/mcp', headers: { Authorization: 'Bearer ${GH_TOKEN}' } } },
    });
    expect(error.server).toBe('gh');
    expect(error.message).toBe(
      'MCP server "gh": "headers.Authorization" uses ${GH_TOKEN}, but the environment variable GH_TOKEN is not set; set it, or give a default: ${GH_TOKEN:-value}',
    );
    expect(
      configError({ servers: { s: { type: 'stdio', command: 'x', env: { K: '${env:MISSING}' } } } }).message,
    ).toContain('"env.K" uses ${env:MISSING}, but the environment variable MISSING is not set');
    expect(configError({ mcpServers: { s: { command: 'x', args: ['a', '${NOPE}'] } } }).message).toContain(
      '"args[1]" uses ${NOPE}',
    );
  });

  it('refuses VS Code input variables and references that are not variable names', () => {
    expect(
      configError({ servers: { s: { type: 'http', url: 'http://x', headers: { K: '${input:key}' } } } })
        .message,
    ).toBe(
      'MCP server "s": "headers.K" uses ${input:key}: VS Code input variables are not supported; set an environment variable and write ${env:NAME} or ${NAME}',
    );
    expect(configError({ mcpServers: { s: { command: '${not a name}' } } }).message).toContain(
      '"command" uses ${not a name}, which is not a variable reference',
    );
  });

  it('names a VS Code predefined variable as such when no environment variable of that name is set', () => {
    expect(
      configError({ servers: { s: { type: 'stdio', command: 'x', args: ['${workspaceFolder}/a'] } } })
        .message,
    ).toBe(
      'MCP server "s": "args[0]" uses ${workspaceFolder}, a VS Code predefined variable, which is not supported; write the value, or use an environment variable (${NAME})',
    );
  });

  it('does not read a disabled entry, so its variables need not be set', () => {
    expect(
      parseMcpServersConfig({ mcpServers: { s: { command: '${UNSET}', enabled: false } } }, { env: {} }),
    ).toEqual([]);
  });
});
