import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogDiagnostic } from './catalog-diagnostic.js';
import { McpAdapter } from './mcp-adapter.js';
import type { McpAdapterOptions } from './mcp-adapter-options.js';
import { numberedTools, type RawTool, rawToolServer } from './test-support/catalog-servers.js';
import { executionContext, inMemoryServer, temporaryDirectory } from './test-support/helpers.js';

let directory: { path: string; remove(): Promise<void> };
let artifacts: SessionArtifactStore;
const adapters: McpAdapter[] = [];

beforeAll(async () => {
  directory = await temporaryDirectory('mcp-catalog-repeats');
  artifacts = new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'repeats' });
});
afterAll(async () => {
  await Promise.all(adapters.map((adapter) => adapter.close()));
  await directory.remove();
});

function adapterFor(servers: McpAdapterOptions['servers']) {
  const registry = new ToolRegistry();
  const diagnostics: CatalogDiagnostic[] = [];
  const adapter = new McpAdapter({
    registry,
    servers,
    artifacts,
    onDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
  });
  adapters.push(adapter);
  return { registry, adapter, diagnostics };
}

/** Every page the same, always pointing at a next page: a server that ignores the cursor. */
function samePageEveryTime<T>(items: T[]) {
  return (_cursor: string | undefined) => ({ items, nextCursor: 'next' });
}

describe('a server that repeats a page', () => {
  it('keeps every tool of the first copy, drops the repeats and names the repeated cursor', async () => {
    const page = samePageEveryTime(numberedTools('loop', 3));
    const { registry, adapter, diagnostics } = adapterFor([
      inMemoryServer('looping', () =>
        rawToolServer({ page: (cursor) => ({ tools: page(cursor).items, nextCursor: 'next' }) }),
      ),
    ]);
    await adapter.connect();
    expect(registry.stats().bySource).toEqual({ 'mcp:looping': 3 });
    expect(adapter.catalog('looping').tools.map((tool) => tool.name)).toEqual([
      'loop_0000',
      'loop_0001',
      'loop_0002',
    ]);
    expect(diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      [
        'pagination_cursor_repeated',
        'MCP server "looping": tools listing returned cursor "next" a second time (page 2); stopped to avoid a loop, 3 entries kept (3 repeated entries dropped, the first copy kept)',
      ],
    ]);
    const answer = await registry
      .get('mcp__looping__loop_0001')!
      .build({ value: 1 })
      .execute(executionContext());
    expect(answer.error).toBeUndefined();
  });

  it('keeps the first copy of resources, templates and prompts too', async () => {
    const build = () => {
      const server = new Server(
        { name: 'content-loop', version: '1.0.0' },
        { capabilities: { resources: {}, prompts: {}, tools: {} } },
      );
      const resources = [
        { uri: 'file:///a', name: 'a' },
        { uri: 'file:///b', name: 'b' },
      ];
      const templates = [{ uriTemplate: 'file:///{path}', name: 'files' }];
      const prompts = [{ name: 'greet' }, { name: 'summarise' }];
      server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources, nextCursor: 'again' }));
      server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
        resourceTemplates: templates,
        nextCursor: 'again',
      }));
      server.setRequestHandler(ListPromptsRequestSchema, async () => ({ prompts, nextCursor: 'again' }));
      server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [] }));
      return server;
    };
    const { adapter, diagnostics } = adapterFor([inMemoryServer('content', build)]);
    await adapter.connect();
    await adapter.settled();
    const catalog = adapter.catalog('content');
    expect(catalog.resources.map((entry) => entry.uri)).toEqual(['file:///a', 'file:///b']);
    expect(catalog.resourceTemplates.map((entry) => entry.uriTemplate)).toEqual(['file:///{path}']);
    expect(catalog.prompts.map((entry) => entry.name)).toEqual(['greet', 'summarise']);
    expect(diagnostics.map((diagnostic) => `${diagnostic.list} ${diagnostic.code}`).sort()).toEqual([
      'prompts pagination_cursor_repeated',
      'resourceTemplates pagination_cursor_repeated',
      'resources pagination_cursor_repeated',
    ]);
  });

  it('a server whose cursors keep changing while its page repeats stops at the page cap with the first copies', async () => {
    let counter = 0;
    const tools = numberedTools('spin', 2);
    const { registry, adapter, diagnostics } = adapterFor([
      inMemoryServer('spinning', () =>
        rawToolServer({ page: () => ({ tools, nextCursor: `c${++counter}` }) }),
      ),
    ]);
    await adapter.connect();
    expect(registry.stats().bySource).toEqual({ 'mcp:spinning': 2 });
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['pagination_page_cap']);
    expect(diagnostics[0]!.message).toContain('2 entries kept (');
  });
});

describe('a schema naming an unknown type', () => {
  it('drops that tool with a diagnostic naming the node, the value and the accepted types; the others stay', async () => {
    const tools: RawTool[] = [
      ...numberedTools('fine', 2),
      {
        name: 'typo',
        inputSchema: { type: 'object', properties: { path: { type: 'strnig' } } },
      },
      {
        name: 'nested',
        inputSchema: {
          type: 'object',
          $defs: { When: { anyOf: [{ type: 'string' }, { type: ['integer', 'datetime'] }] } },
          properties: { when: { $ref: '#/$defs/When' } },
        },
      },
      {
        name: 'bad_output',
        inputSchema: { type: 'object' },
        outputSchema: { type: 'object', properties: { items: { type: 'array', items: { type: 'objct' } } } },
      },
      // A property called "type" is a name, not the keyword.
      {
        name: 'has_type_property',
        inputSchema: { type: 'object', properties: { type: { type: 'string' } } },
      },
    ];
    const { registry, adapter, diagnostics } = adapterFor([
      inMemoryServer('typos', () => rawToolServer({ page: () => ({ tools }) })),
    ]);
    await adapter.connect();
    expect(registry.stats().bySource).toEqual({ 'mcp:typos': 3 });
    expect(registry.get('mcp__typos__has_type_property')).toBeDefined();
    const accepted = 'accepted types: string, number, integer, boolean, object, array, null';
    expect(diagnostics.map((diagnostic) => [diagnostic.entry, diagnostic.code, diagnostic.message])).toEqual([
      [
        'typo',
        'schema_type_unknown',
        `MCP server "typos": tool "typo" dropped: the input schema node at /properties/path has type "strnig", which is not a JSON Schema type (did you mean "string"?); ${accepted}`,
      ],
      [
        'nested',
        'schema_type_unknown',
        `MCP server "typos": tool "nested" dropped: the input schema node at /$defs/When/anyOf/1 has type "datetime", which is not a JSON Schema type; ${accepted}`,
      ],
      [
        'bad_output',
        'schema_type_unknown',
        `MCP server "typos": tool "bad_output" dropped: the output schema node at /properties/items/items has type "objct", which is not a JSON Schema type (did you mean "object"?); ${accepted}`,
      ],
    ]);
  });
});
