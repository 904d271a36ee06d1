/**
 * OAuth benchmarks of @toolwright/mcp-adapter, each figure a ratio measured in the same run,
 * against oidc-provider and a bearer-checking Streamable HTTP MCP server on 127.0.0.1 (the
 * fixtures of src/test-support/oauth):
 * - a tool call with a valid token vs the same call on the same server without auth;
 * - connecting 10 OAuth servers whose access tokens have expired (each refreshes first) in
 *   parallel vs one after another.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  McpConnectionManager,
  type McpServerDefinition,
  parseMcpServersConfig,
} from '@toolwright/mcp-client';
import { loginMcpServer, mcpOAuth } from '@toolwright/mcp-client/oauth';
import { formatMillis, median, report } from '@toolwright/test-support/bench';
import {
  completeLoginInBrowser,
  startAuthorizationServer,
  startProtectedMcpServer,
} from '@toolwright/test-support/mcp';
import { callLatency } from './measure.js';

const TOKEN_CALL_TARGET = 1.05;
/** Seconds an access token lives in the refresh benchmark. */
const SHORT_TTL = 1;

async function fixtures(accessTokenTtl: number) {
  let resource = '';
  const authorization = await startAuthorizationServer({
    resource: () => resource,
    accessTokenTtl,
    clients: [
      {
        client_id: 'bench',
        client_secret: 'bench-secret-0123456789',
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
  });
  const mcp = await startProtectedMcpServer({
    issuer: () => authorization.issuer,
    provider: () => authorization.provider,
    allowAnonymous: true,
  });
  resource = mcp.url;
  return {
    mcp,
    close: async () => {
      await mcp.close();
      await authorization.close();
    },
  };
}

function callTool(manager: McpConnectionManager, server: string) {
  return () =>
    manager
      .get(server)
      .request('tools/call', (client, options) =>
        client.callTool({ name: 'whoami', arguments: {} }, options),
      );
}

async function tokenCallOverhead(store: string): Promise<void> {
  const { mcp, close } = await fixtures(3600);
  const servers = parseMcpServersConfig({
    mcpServers: {
      plain: { type: 'http', url: mcp.url },
      oauth: {
        type: 'http',
        url: mcp.url,
        oauth: { grant: 'client_credentials', clientId: 'bench', clientSecret: 'bench-secret-0123456789' },
      },
    },
  });
  const manager = new McpConnectionManager(servers, { oauth: mcpOAuth({ storeDirectory: store }) });
  await manager.connectAll();
  const { ratio, detail } = await callLatency(callTool(manager, 'oauth'), callTool(manager, 'plain'));
  report(
    `tool call with a valid OAuth token: ${ratio.toFixed(3)}x the same call without auth on the same server (${detail})`,
    `<= ${TOKEN_CALL_TARGET}x`,
    ratio <= TOKEN_CALL_TARGET,
  );
  await manager.closeAll();
  await close();
}

async function refreshingConnects(store: string): Promise<void> {
  const { mcp, close } = await fixtures(SHORT_TTL);
  const definitions: McpServerDefinition[] = parseMcpServersConfig({
    mcpServers: Object.fromEntries(
      Array.from({ length: 10 }, (_, index) => [`hosted${index}`, { type: 'http', url: mcp.url, oauth: {} }]),
    ),
  });
  // Each server logged in once (its own registration and tokens, with a refresh token).
  for (const definition of definitions) {
    await loginMcpServer(definition, {
      oauth: {
        storeDirectory: store,
        onAuthorizationUrl: ({ url }) => completeLoginInBrowser(url).then(() => undefined),
      },
    });
  }
  const expire = () => new Promise((resolve) => setTimeout(resolve, SHORT_TTL * 1000 + 300));
  const parallel: number[] = [];
  const sequential: number[] = [];
  for (let round = 0; round < 5; round++) {
    await expire();
    let started = performance.now();
    const together = new McpConnectionManager(definitions, { oauth: mcpOAuth({ storeDirectory: store }) });
    const result = await together.connectAll();
    if (result.failed.length > 0) throw new Error(`connect failed: ${result.failed[0]?.reason}`);
    parallel.push(performance.now() - started);
    await together.closeAll();
    await expire();
    started = performance.now();
    for (const definition of definitions) {
      const alone = new McpConnectionManager([definition], { oauth: mcpOAuth({ storeDirectory: store }) });
      await alone.connectAll();
      await alone.closeAll();
    }
    sequential.push(performance.now() - started);
  }
  const ratio = median(parallel) / median(sequential);
  console.log(
    `connecting 10 OAuth servers whose tokens need a refresh: in parallel ${ratio.toFixed(2)}x the time of one after another (median of 5 rounds: ${formatMillis(median(parallel))} vs ${formatMillis(median(sequential))}; each connect refreshes its token first)`,
  );
  await close();
}

/** Runs the OAuth benchmarks. */
export async function oauthBenchmarks(): Promise<void> {
  const store = mkdtempSync(join(tmpdir(), 'toolwright-oauth-bench-'));
  try {
    await tokenCallOverhead(store);
    await refreshingConnects(store);
  } finally {
    rmSync(store, { recursive: true, force: true });
  }
}
