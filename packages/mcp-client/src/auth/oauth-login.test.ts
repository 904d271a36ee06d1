import type { OAuthCredentialKindV1, OAuthCredentialValueV1 } from '@toolwright/spec';
import { makeTempDir, thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { parseMcpServersConfig } from '../server-config.js';
import { forgetMcpServerLogin, logoutMcpServer } from './oauth-login.js';
import { serverStoreName } from './oauth-store.js';

const [definition] = parseMcpServersConfig({
  mcpServers: { hosted: { type: 'http', url: 'https://mcp.example.com/mcp', oauth: true } },
});
const key = serverStoreName('hosted', new URL('https://mcp.example.com/mcp'));

/** A shared store held in memory, as a fleet's would be in Redis. */
function memoryStore() {
  const values = new Map<string, OAuthCredentialValueV1>();
  return {
    values,
    specificationVersion: 'v1' as const,
    read: async (serverKey: string, kind: OAuthCredentialKindV1) => values.get(`${serverKey} ${kind}`),
    write: async (serverKey: string, kind: OAuthCredentialKindV1, value: OAuthCredentialValueV1) => {
      values.set(`${serverKey} ${kind}`, value);
    },
    delete: async (serverKey: string, kind: OAuthCredentialKindV1) => {
      values.delete(`${serverKey} ${kind}`);
    },
    withRefreshLock: <T>(_serverKey: string, renew: () => Promise<T>) => renew(),
  };
}

describe('logging out of a shared store', () => {
  it('forgetMcpServerLogin forgets the tokens, registration and discovery every worker shares', async () => {
    const store = memoryStore();
    await store.write(key, 'tokens', { access_token: 'a' });
    await store.write(key, 'client', { client_id: 'c' });
    await store.write(key, 'discovery', { authorizationServerUrl: 'https://auth.example.com' });
    await store.write('other-server', 'tokens', { access_token: 'b' });
    expect(await forgetMcpServerLogin(definition!, { oauth: { credentialStore: store } })).toBe(true);
    expect([...store.values.keys()]).toEqual(['other-server tokens']);
    expect(await forgetMcpServerLogin(definition!, { oauth: { credentialStore: store } })).toBe(false);
  });

  it('logoutMcpServer, which answers at once, refuses a shared store naming forgetMcpServerLogin', () => {
    const error = thrownBy(() => logoutMcpServer(definition!, { oauth: { credentialStore: memoryStore() } }));
    expect((error as Error).message).toContain('await forgetMcpServerLogin(definition, options)');
    expect(logoutMcpServer(definition!, { oauth: { storeDirectory: makeTempDir('tw-logout-') } })).toBe(
      false,
    );
  });
});
