// A listed tool's input schema is kept once, packed in its validator, not a second time in the
// definition the adapter keeps for calls. What a host reads (catalog()), what a call hands the SDK
// and what the tool validates must stay exactly the server's schema, across refreshes that keep a
// tool and refreshes that change it.
import { SessionArtifactStore } from '@toolwright/artifacts';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ListedToolDefinition } from './listed-tool-definition.js';
import { McpAdapter } from './mcp-adapter.js';
import { type RawTool, rawToolServer } from './test-support/catalog-servers.js';
import { executionContext, inMemoryServer, temporaryDirectory } from './test-support/helpers.js';

const adapters: McpAdapter[] = [];
let directory: { path: string; remove(): Promise<void> };
let artifacts: SessionArtifactStore;
beforeAll(async () => {
  directory = await temporaryDirectory('mcp-listed-schemas');
  artifacts = new SessionArtifactStore({ root: directory.path, namespace: 'mcp', sessionId: 'listed' });
});
afterAll(async () => {
  await Promise.all(adapters.map((adapter) => adapter.close()));
  await directory.remove();
});

const searchSchema = {
  type: 'object',
  properties: {
    query: { type: 'string', description: 'What to look for.' },
    region: { type: 'string', 'x-mcp-header': 'Region' },
    page: { type: 'integer', minimum: 1, default: 1 },
  },
  required: ['query'],
};

describe('listed input schemas', () => {
  it('read back as the server sent them, from a kept tool and a changed one alike, and still validate', async () => {
    let tools: RawTool[] = [
      { name: 'search', description: 'Searches.', inputSchema: searchSchema },
      {
        name: 'other',
        description: 'Other.',
        inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
      },
    ];
    const calls: unknown[] = [];
    const registry = new ToolRegistry();
    const adapter = new McpAdapter({
      registry,
      artifacts,
      servers: [
        inMemoryServer('shop', () =>
          rawToolServer({
            page: () => ({ tools }),
            call: (_name, args) => {
              calls.push(args);
              return { content: [{ type: 'text', text: 'ok' }] };
            },
          }),
        ),
      ],
    });
    adapters.push(adapter);
    await adapter.connect();
    const schemaOf = (name: string) =>
      adapter.catalog('shop').tools.find((tool) => tool.name === name)?.inputSchema;
    expect(schemaOf('search')).toEqual(searchSchema);
    // The host gets plain data: the schema is an own property, serialisable as it came.
    const listed = adapter.catalog('shop').tools[0];
    expect(Object.keys(listed ?? {})).toContain('inputSchema');
    expect(JSON.parse(JSON.stringify(listed)).inputSchema).toEqual(
      listed?.name === 'search' ? searchSchema : { type: 'object', properties: { n: { type: 'number' } } },
    );

    const before = registry.get('mcp__shop__search');
    tools = [
      { name: 'search', description: 'Searches.', inputSchema: searchSchema },
      {
        name: 'other',
        description: 'Other, changed.',
        inputSchema: { type: 'object', properties: { m: { type: 'string' } } },
      },
    ];
    await adapter.refresh('shop', ['tools']);
    // Kept (same fingerprint) and changed tools both read their schema back unchanged.
    expect(registry.get('mcp__shop__search')).toBe(before);
    expect(schemaOf('search')).toEqual(searchSchema);
    expect(schemaOf('other')).toEqual({ type: 'object', properties: { m: { type: 'string' } } });

    const search = registry.get('mcp__shop__search');
    expect(() => search?.build({ page: 0 })).toThrow(/query/);
    const result = await search?.build({ query: 'shoes', region: 'eu' }).execute(executionContext());
    expect(result?.error).toBeUndefined();
    expect(calls).toEqual([{ query: 'shoes', region: 'eu', page: 1 }]);
  });

  it('holds no unpacked copy of the schema in the definition it keeps', () => {
    // The getter is the class's, not an own data property of each kept definition.
    expect(Object.getOwnPropertyNames(ListedToolDefinition.prototype)).toContain('inputSchema');
  });
});
