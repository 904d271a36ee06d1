import { Type } from '@sinclair/typebox';
import { SessionArtifactStore } from '@toolwright/artifacts';
import { createTool, rebuildInvocation, ToolKind, ToolResults } from '@toolwright/contracts';
import { ToolRegistry } from '@toolwright/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RawTool, rawToolServer } from '../test/catalog-servers.js';
import { executionContext, inMemoryServer, temporaryDirectory } from '../test/helpers.js';
import type { CatalogDiagnostic } from './catalog-diagnostic.js';
import { McpAdapter } from './mcp-adapter.js';

const catalog: RawTool[] = [
  {
    name: 'lookup',
    description: 'Looks something up.',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer', default: 5 } },
      required: ['query'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true },
  },
  {
    name: 'deploy',
    description: 'Deploys.',
    inputSchema: { type: 'object' },
    annotations: { idempotentHint: true, destructiveHint: false },
  },
];

let directory: { path: string; remove(): Promise<void> };
let registry: ToolRegistry;
let adapter: McpAdapter;
const received: unknown[] = [];

beforeAll(async () => {
  directory = await temporaryDirectory('mcp-gotchas');
  registry = new ToolRegistry();
  adapter = new McpAdapter({
    registry,
    artifacts: new SessionArtifactStore({
      root: directory.path,
      namespace: 'mcp',
      sessionId: 'gotchas',
    }),
    servers: [
      inMemoryServer('srv', () =>
        rawToolServer({
          page: () => ({ tools: catalog }),
          call: (_name, args) => {
            received.push(args);
            return { content: [{ type: 'text', text: 'ok' }] };
          },
        }),
      ),
    ],
  });
  await adapter.connect();
});
afterAll(async () => {
  await adapter.close();
  await directory.remove();
});

describe("the tool contract's pitfalls, as they apply to MCP tools", () => {
  it('gotcha: ReadOnly is not idempotent: readOnlyHint or idempotentHint never make an MCP tool retry-safe', () => {
    const lookup = registry.get('mcp__srv__lookup')!;
    const deploy = registry.get('mcp__srv__deploy')!;
    expect(lookup.kind).toBe(ToolKind.ReadOnly);
    expect(deploy.kind).toBe(ToolKind.Execute);
    for (const tool of [lookup, deploy]) {
      expect(tool.isRetrySafe).toBe(false);
      expect(tool.getMetadata().isRetrySafe).toBe(false);
    }
    expect(lookup.build({ query: 'x' }).isRetrySafe).toBe(false);
  });

  it('gotcha: isConcurrencySafe defaults to false, so MCP tools run exclusive', () => {
    const lookup = registry.get('mcp__srv__lookup')!;
    expect(lookup.isConcurrencySafe).toBe(false);
    expect(lookup.parallelism).toBe('exclusive');
  });

  it('gotcha: build() validates and applies defaults; changed params need a rebuild, and the server gets the rebuilt ones', async () => {
    const lookup = registry.get('mcp__srv__lookup')!;
    expect(() => lookup.build({ limit: 1 })).toThrow(/query/);
    const invocation = lookup.build({ query: 'first' });
    expect(invocation.params).toEqual({ query: 'first', limit: 5 });
    expect(Object.isFrozen(invocation.params)).toBe(true);
    const rebuilt = rebuildInvocation(lookup, invocation, { query: 'second' });
    await rebuilt.execute(executionContext());
    expect(received.at(-1)).toEqual({ query: 'second', limit: 5 });
    // The superseded invocation refuses to run, and the server never sees its stale params.
    const calls = received.length;
    await expect(invocation.execute(executionContext())).rejects.toMatchObject({
      name: 'ToolInvocationError',
      code: 'invocation_superseded',
      message:
        'This invocation of "mcp__srv__lookup" was superseded by rebuildInvocation (a hook changed its params); execute the rebuilt invocation instead.',
    });
    expect(received).toHaveLength(calls);
  });

  it('gotcha: built-in names take precedence: a refresh colliding with a built-in is refused whole, changing nothing', async () => {
    const diagnostics: CatalogDiagnostic[] = [];
    const local = new ToolRegistry();
    local.register(
      createTool({
        name: 'mcp__clash__deploy',
        kind: ToolKind.Execute,
        schema: Type.Object({}),
        description: 'A built-in that happens to use the name.',
        execute: async () => ToolResults.success('built-in'),
      }),
    );
    const clashing = new McpAdapter({
      registry: local,
      artifacts: new SessionArtifactStore({
        root: directory.path,
        namespace: 'mcp',
        sessionId: 'clash',
      }),
      servers: [inMemoryServer('clash', () => rawToolServer({ page: () => ({ tools: catalog }) }))],
      onDiagnostic: (diagnostic) => diagnostics.push(diagnostic),
    });
    await clashing.connect();
    expect(local.has('mcp__clash__lookup')).toBe(false);
    expect(local.get('mcp__clash__deploy')?.source.type).toBe('builtin');
    expect(diagnostics[0]?.message).toContain('MCP server "clash": the registry refused the new catalog');
    expect(diagnostics[0]?.message).toContain('mcp__clash__deploy');
    await clashing.close();
  });

  it('gotcha: clone() shares the MCP Tool objects but not the loaded state: each executor loads through ToolSearch', () => {
    const clone = registry.clone();
    expect(clone.get('mcp__srv__lookup')).toBe(registry.get('mcp__srv__lookup'));
    clone.markLoaded(['mcp__srv__lookup']);
    expect(clone.deferred.isLoaded('mcp__srv__lookup')).toBe(true);
    expect(registry.deferred.isLoaded('mcp__srv__lookup')).toBe(false);
  });

  it('gotcha: declarations are the projection, not the raw schema: an MCP object schema with properties is closed (additionalProperties false)', () => {
    expect(registry.get('mcp__srv__lookup')!.getFunctionDeclaration('json-schema').parameters).toMatchObject({
      required: ['query'],
      additionalProperties: false,
    });
  });
});
