import { describe, expect, it } from 'vitest';

describe('public surface', () => {
  it('exports exactly these runtime names (a change here is a visible API change)', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toEqual([
      'DEFAULT_CATALOG_LIMITS',
      'DEFAULT_OUTPUT_ROUTING',
      'DEFAULT_RECONNECT_POLICY',
      'McpAdapter',
      'McpAdapterError',
      'McpAdapterErrorCode',
      'McpConnectionManager',
      'McpToolNameMap',
      'RefreshScheduler',
      'ServerConnection',
      'TaskOwnership',
      'createMcpContentTools',
      'createMcpTaskTools',
      'fingerprintToolDefinition',
      'listAllPages',
      'markUntrusted',
      'mcpToolKind',
      'mcpToolName',
      'mcpToolTags',
      'parseMcpServersConfig',
      'screenContentList',
      'screenToolCatalog',
    ]);
  });
});
