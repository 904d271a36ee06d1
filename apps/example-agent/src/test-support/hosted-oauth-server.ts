import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  completeLoginInBrowser,
  startAuthorizationServer,
  startProtectedMcpServer,
} from '@toolwright/test-support/mcp';

/** An OAuth-protected MCP server a workspace's `.mcp.json` names `hosted`. */
export interface HostedOAuthServer {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * The OAuth fixtures of the adapter's tests — oidc-provider on 127.0.0.1 in front of a Streamable
 * HTTP MCP server that checks bearer tokens — written into `workspace/.mcp.json` as `hosted`,
 * with an `oauth` config.
 */
export async function startHostedOAuthServer(workspace: string): Promise<HostedOAuthServer> {
  let resource = '';
  const authorization = await startAuthorizationServer({ resource: () => resource });
  const mcp = await startProtectedMcpServer({
    issuer: () => authorization.issuer,
    provider: () => authorization.provider,
  });
  resource = mcp.url;
  mkdirSync(workspace, { recursive: true });
  writeFileSync(
    join(workspace, '.mcp.json'),
    JSON.stringify({ mcpServers: { hosted: { type: 'http', url: mcp.url, oauth: {} } } }),
  );
  return {
    url: mcp.url,
    close: async () => {
      await mcp.close();
      await authorization.close();
    },
  };
}

/**
 * The user in the browser during `mcp login`: `onStderr` (for `runCli`) opens the authorization
 * URL the CLI prints, once, and logs in; `browsed` resolves with the URL when that is done.
 */
export function browserLogin(): { onStderr(stderr: string): void; browsed(): Promise<URL> | undefined } {
  let browsing: Promise<URL> | undefined;
  return {
    onStderr: (stderr) => {
      const url = /^(http:\/\/127\.0\.0\.1:\d+\/auth\?\S+)$/m.exec(stderr)?.[1];
      if (url !== undefined) browsing ??= completeLoginInBrowser(new URL(url));
    },
    browsed: () => browsing,
  };
}
