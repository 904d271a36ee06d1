import { describe, expect, it } from 'vitest';

describe('public surface', () => {
  it('exports exactly these runtime names (a change here is a visible API change)', async () => {
    expect(Object.keys(await import('./index.js')).sort()).toEqual([
      'CONNECTION_OPTION_NAMES',
      'ClientCapabilitySet',
      'DEFAULT_RECONNECT_POLICY',
      'DEFAULT_STDIO_MAX_MESSAGE_BYTES',
      'FolderTrustStore',
      'MAX_CONFIG_FILE_BYTES',
      'McpClientError',
      'McpClientErrorCode',
      'McpConnectionManager',
      'ServerConnection',
      'checkServerDefinitions',
      'defaultFolderTrustDirectory',
      'describeMcpServersConfig',
      'listingFailure',
      'parseMcpServersConfig',
      'projectMcpServers',
      'redactErrorChain',
      'redactSecrets',
      'rememberSecret',
      'resolveConnectionOptions',
      'restrictedFormAnswerCheck',
    ]);
  });

  it('keeps stdio and OAuth out of the root entry, each behind a subpath of its own', async () => {
    expect(Object.keys(await import('./stdio.js')).sort()).toEqual(['stdioSupport']);
    expect(Object.keys(await import('./oauth.js')).sort()).toEqual([
      'defaultOAuthStoreDirectory',
      'forgetMcpServerLogin',
      'loginMcpServer',
      'logoutMcpServer',
      'mcpOAuth',
    ]);
  });
});
