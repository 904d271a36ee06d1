import { SessionArtifactStore } from '@toolwright/artifacts';
import { ToolRegistry } from '@toolwright/registry';
import { describe, expect, it } from 'vitest';

describe('public surface', () => {
  it('exports exactly these runtime names (a change here is a visible API change)', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toEqual([
      'DEFAULT_CATALOG_LIMITS',
      'DEFAULT_OUTPUT_ROUTING',
      'MCP_EVENT_QUEUE_CAPACITY',
      'McpAdapter',
      'McpAdapterError',
      'McpAdapterErrorCode',
      'createMcpContentTools',
      'createMcpTaskTools',
      'markUntrusted',
      'mcpSourceGroup',
      'mcpToolKind',
      'mcpToolName',
      'mcpToolTags',
    ]);
  });

  it('gives McpAdapter exactly these public members: what only the helper tools need is internal', async () => {
    const { McpAdapter } = await import('./index.js');
    const members = Object.getOwnPropertyNames(McpAdapter.prototype).filter((name) => name !== 'constructor');
    expect(members.sort()).toEqual([
      'callTool',
      'catalog',
      'close',
      'connect',
      'connection',
      'drainEvents',
      'reconnect',
      'refresh',
      'resolveToolName',
      'servers',
      'setRoots',
      'settled',
      'stats',
      'tools',
    ]);
    const adapter = new McpAdapter({
      registry: new ToolRegistry(),
      servers: [],
      artifacts: new SessionArtifactStore({ root: '/nonexistent', namespace: 'mcp', sessionId: 's' }),
    });
    // No public fields either (`tasks` was one).
    expect(Object.keys(adapter)).toEqual([]);
  });
});
