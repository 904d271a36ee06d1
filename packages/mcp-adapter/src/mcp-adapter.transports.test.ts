// biome-ignore-all lint/suspicious/noTemplateCurlyInString: configuration text whose ${…} references the parser expands.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { parseMcpServersConfig } from '@toolwright/mcp-client';
import { ToolRegistry } from '@toolwright/registry';
import {
  type HttpMcpServer,
  sseServer,
  streamableHttpServer,
} from '@toolwright/test-support/http-mcp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { McpAdapterError } from './errors.js';
import { McpAdapter } from './mcp-adapter.js';
import { executionContext, temporaryDirectory } from './test-support/helpers.js';

let directory: { path: string; remove(): Promise<void> };
let legacy: HttpMcpServer;
let modern: HttpMcpServer;
const cleanups: Array<() => Promise<unknown>> = [];

/** Three tools; `whoami` answers with the Authorization header the request came with. */
function build(name: string) {
  return () => {
    const server = new McpServer({ name, version: '1.0.0' });
    server.registerTool(
      'echo',
      { description: 'Echoes.', inputSchema: { text: z.string() } },
      async ({ text }) => ({
        content: [{ type: 'text', text: `${name}: ${text}` }],
      }),
    );
    server.registerTool('whoami', { description: 'Says who called.' }, async (extra) => ({
      content: [{ type: 'text', text: String(extra.requestInfo?.headers.authorization ?? 'nobody') }],
    }));
    server.registerTool('drop_tables', { description: 'Dangerous.' }, async () => ({
      content: [{ type: 'text', text: 'dropped' }],
    }));
    return server;
  };
}

beforeAll(async () => {
  directory = await temporaryDirectory('mcp-transports');
  legacy = await sseServer(build('legacy'));
  modern = await streamableHttpServer(build('modern'));
  cleanups.push(
    () => legacy.close(),
    () => modern.close(),
  );
});
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await directory.remove();
});

async function connect(servers: Record<string, unknown>, env: Record<string, string> = {}) {
  const registry = new ToolRegistry();
  const adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({
      root: directory.path,
      namespace: 'mcp',
      sessionId: `transports-${cleanups.length}`,
    }),
    servers: parseMcpServersConfig({ mcpServers: servers }, { env }),
    reconnect: { maxAttempts: 0 },
  });
  cleanups.push(() => adapter.close());
  const result = await adapter.connect();
  return { registry, adapter, result };
}

const text = async (registry: ToolRegistry, name: string, params: unknown = {}) =>
  JSON.stringify((await registry.get(name)!.build(params).execute(executionContext())).llmContent);

describe('the legacy HTTP+SSE transport and the fallback to it', () => {
  it('"type": "sse" talks to a real SSE server, with the configured headers (variables expanded)', async () => {
    const { registry, result } = await connect(
      { old: { type: 'sse', url: legacy.url, headers: { Authorization: 'Bearer ${SSE_TOKEN}' } } },
      { SSE_TOKEN: 'abc' },
    );
    expect(result).toMatchObject({ connected: ['old'], failed: [] });
    expect(await text(registry, 'mcp__old__echo', { text: 'hi' })).toContain('legacy: hi');
    expect(await text(registry, 'mcp__old__whoami')).toContain('Bearer abc');
    expect(legacy.requests.some((line) => line.startsWith('GET /sse'))).toBe(true);
  });

  it('a url without a type falls back to SSE when the Streamable HTTP POST gets a 4xx', async () => {
    const before = legacy.requests.length;
    const { registry, adapter, result } = await connect({ guess: { url: legacy.url } });
    expect(result).toMatchObject({ connected: ['guess'], failed: [] });
    // First the 2026-07-28 probe and the Streamable HTTP initialize, both POSTs (405 here), then
    // the SSE stream: the refused probe alone never moves the connection to SSE.
    const seen = legacy.requests.slice(before);
    expect(seen.slice(0, 3)).toEqual(['POST /sse', 'POST /sse', 'GET /sse']);
    expect(await text(registry, 'mcp__guess__echo', { text: 'again' })).toContain('legacy: again');
    expect(adapter.servers()[0]).toMatchObject({ phase: 'connected', tools: 3 });
  });

  it('a url without a type stays on Streamable HTTP when the server speaks it', async () => {
    const { registry, result } = await connect({ guess: { url: modern.url } });
    expect(result.connected).toEqual(['guess']);
    expect(await text(registry, 'mcp__guess__echo', { text: 'x' })).toContain('modern: x');
    expect(modern.requests.some((line) => line.startsWith('GET /sse'))).toBe(false);
  });

  it('when the fallback fails too, the reason names both transports', async () => {
    const { result } = await connect({ nowhere: { url: modern.url.replace('/mcp', '/nothing') } });
    expect(result.failed[0]?.reason).toContain('Streamable HTTP was refused (HTTP 404');
    expect(result.failed[0]?.reason).toContain('the legacy HTTP+SSE transport failed too');
  });

  it('"type": "http" does not fall back: the 4xx fails the server with its reason', async () => {
    const { result } = await connect({ strict: { type: 'http', url: legacy.url } });
    expect(result.connected).toEqual([]);
    expect(result.failed[0]?.reason).toContain('MCP server "strict"');
  });
});

describe('an SSE server that restarts', () => {
  it('is noticed at the next call (its session is unknown: connection lost), reconnected, and works again', async () => {
    const server = await sseServer(build('restarting'));
    cleanups.push(() => server.close());
    const registry = new ToolRegistry();
    const adapter = new McpAdapter({
      registry,
      artifacts: new SessionArtifactStore({
        root: directory.path,
        namespace: 'mcp',
        sessionId: 'sse-restart',
      }),
      servers: parseMcpServersConfig({ mcpServers: { old: { type: 'sse', url: server.url } } }),
      reconnect: { initialDelayMs: 20 },
    });
    cleanups.push(() => adapter.close());
    expect((await adapter.connect()).connected).toEqual(['old']);
    server.forgetSessions();
    const lost = await registry.get('mcp__old__echo')!.build({ text: 'a' }).execute(executionContext());
    expect(lost.error?.message).toContain('(code: connection_lost)');
    expect(lost.error?.message).toContain('HTTP 404');
    await adapter.connection('old').reconnected();
    expect(adapter.servers()[0]?.phase).toBe('recovered');
    expect(await text(registry, 'mcp__old__echo', { text: 'b' })).toContain('restarting: b');
  });
});

describe('includeTools / excludeTools on a real server', () => {
  it('keeps only the included tools, and exclude wins', async () => {
    const { registry, adapter } = await connect({
      picky: {
        type: 'http',
        url: modern.url,
        includeTools: ['echo', 'drop_tables'],
        excludeTools: ['drop_tables'],
      },
      safe: { type: 'sse', url: legacy.url, excludeTools: ['drop_tables'] },
    });
    expect(registry.getBySource('mcp:picky').map((tool) => tool.name)).toEqual(['mcp__picky__echo']);
    expect(registry.getBySource('mcp:safe').map((tool) => tool.name)).toEqual([
      'mcp__safe__echo',
      'mcp__safe__whoami',
    ]);
    expect(adapter.catalog('picky').diagnostics).toEqual([]);
    const typo = await connect({ typo: { type: 'http', url: modern.url, includeTools: ['ecko', 'whoami'] } });
    expect(typo.registry.getBySource('mcp:typo').map((tool) => tool.name)).toEqual(['mcp__typo__whoami']);
    expect(typo.result.diagnostics).toEqual([
      {
        server: 'typo',
        list: 'tools',
        code: 'filter_name_unknown',
        entry: 'ecko',
        message:
          'MCP server "typo": "includeTools" names "ecko", which the server does not offer (did you mean "echo"?)',
      },
    ]);
    const refused = await adapter.callTool('mcp__picky__drop_tables', {}, executionContext());
    expect(refused.error?.type).toBe('not_found');
  });
});

describe('headers fetch cannot send', () => {
  it('fail the configuration, naming the server, the header and the position, never the value', () => {
    let failure: McpAdapterError | undefined;
    try {
      parseMcpServersConfig(
        {
          mcpServers: { remote: { type: 'http', url: modern.url, headers: { 'X-Api-Key': 'key ${KEY}' } } },
        },
        // A typographic apostrophe pasted into the variable: beyond Latin-1.
        { env: { KEY: 'sk’secret' } },
      );
    } catch (error) {
      failure = error as McpAdapterError;
    }
    expect([failure?.code, failure?.server, failure?.message]).toEqual([
      'config_invalid',
      'remote',
      'MCP server "remote": the value of header "X-Api-Key" has a character beyond Latin-1 at position 7; header values accept visible ASCII, spaces, tabs and Latin-1 (U+00A0 to U+00FF) only (the value is not shown)',
    ]);
    expect(failure?.message).not.toContain('secret');
  });

  it('fail on a line break in a value and on a header name that is not a token', () => {
    const parse = (headers: Record<string, string>) => () =>
      parseMcpServersConfig({ mcpServers: { remote: { url: modern.url, headers } } });
    expect(parse({ Authorization: 'Bearer t\r\nX-Injected: 1' })).toThrow(
      'the value of header "Authorization" has a control character (such as CR or LF) at position 9;',
    );
    expect(parse({ 'X Api Key': 'k' })).toThrow(
      `header name "X Api Key" is not accepted; a header name is 1 or more of a-z A-Z 0-9 and ! # $ % & ' * + - . ^ _ \` | ~`,
    );
  });

  it('accept Latin-1, which reaches a real server as it was configured', async () => {
    const { registry, result } = await connect(
      { latin: { type: 'http', url: modern.url, headers: { Authorization: 'Bearer ${TOKEN}' } } },
      { TOKEN: 'café' },
    );
    expect(result).toMatchObject({ connected: ['latin'], failed: [] });
    expect(await text(registry, 'mcp__latin__whoami')).toContain('Bearer café');
  });
});
