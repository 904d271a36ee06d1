import { expect, it } from 'vitest';

it('exports exactly the public surface (a change here is a visible, reviewed diff)', async () => {
  expect(Object.keys(await import('./index.js')).sort()).toEqual([
    'ARTIFACTS_CONTEXT_FIELD',
    'ARTIFACT_URI_PREFIX',
    'COERCIONS_META_KEY',
    'DEFAULT_OUTPUT_LIMITS',
    'DEFAULT_SHUTDOWN_GRACE_MS',
    'DEFAULT_SHUTDOWN_TIMEOUT_MS',
    'MCP_SESSION_CONTEXT_FIELD',
    'McpServerError',
    'McpServerErrorCode',
    'ToolwrightMcpServer',
    'artifactIdOf',
    'artifactResourceUri',
    'mcpCallContextFields',
    'mcpSessionOf',
    'serveHttp',
    'serveStdio',
    'toMcpTool',
    'toolAnnotations',
  ]);
});
