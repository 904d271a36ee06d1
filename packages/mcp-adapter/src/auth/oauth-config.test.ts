import { describe, expect, it } from 'vitest';
import { parseMcpServersConfig } from '../server-config.js';

function oauthOf(oauth: unknown) {
  const [server] = parseMcpServersConfig({
    mcpServers: { hosted: { type: 'http', url: 'https://mcp.example/mcp', oauth } },
  });
  return (server as { oauth?: unknown }).oauth;
}

function problem(oauth: unknown, type = 'http'): string {
  try {
    parseMcpServersConfig({ mcpServers: { hosted: { type, url: 'https://mcp.example/mcp', oauth } } });
  } catch (error) {
    return (error as Error).message;
  }
  return 'accepted';
}

describe('the oauth entry of an HTTP server', () => {
  it('reads true as the authorization code flow with dynamic registration', () => {
    expect(oauthOf(true)).toMatchObject({
      grant: 'authorization_code',
      clientId: undefined,
      scopes: [],
      clientName: 'toolwright',
    });
    expect(oauthOf(undefined)).toBeUndefined();
  });

  it('reads every key', () => {
    expect(
      oauthOf({
        grant: 'client_credentials',
        clientId: 'bot',
        privateKey: 'PEM',
        signingAlgorithm: 'ES256',
        tokenEndpointAuthMethod: 'private_key_jwt',
        scopes: 'a b',
        authorizationServer: 'https://as.example',
      }),
    ).toMatchObject({
      grant: 'client_credentials',
      scopes: ['a', 'b'],
      signingAlgorithm: 'ES256',
      authorizationServer: 'https://as.example/',
    });
  });

  it('refuses what cannot work, naming the key, with the nearest known name, never quoting a secret', () => {
    expect(problem({ clientSecrett: 'hunter2-secret' })).toBe(
      'MCP server "hosted": unknown key "oauth.clientSecrett" (did you mean "clientSecret"?); accepted keys are authorizationServer, clientId, clientMetadataUrl, clientName, clientSecret, grant, identityProvider, privateKey, redirectPort, scopes, signingAlgorithm, tokenEndpointAuthMethod',
    );
    expect(problem({ grant: 'client_credentials' })).toBe(
      'MCP server "hosted": "oauth.grant" "client_credentials" needs a pre-registered "oauth.clientId"',
    );
    expect(problem({ grant: 'client_credentials', clientId: 'x' })).toMatch(
      /needs "oauth.clientSecret" or "oauth.privateKey"/,
    );
    expect(problem({ clientId: 'x', tokenEndpointAuthMethod: 'client_secret_post' })).toMatch(
      /needs "oauth.clientSecret"/,
    );
    expect(
      problem({ clientId: 'x', clientSecret: 'hunter2-secret', tokenEndpointAuthMethod: 'private_key_jwt' }),
    ).toMatch(/needs "oauth.privateKey"/);
    expect(problem({ grant: 'password' })).toMatch(
      /"oauth.grant" must be one of "authorization_code", "client_credentials", "jwt_bearer"/,
    );
    expect(problem({ grant: 'jwt_bearer', clientId: 'x', clientSecret: 's' })).toMatch(
      /"oauth.identityProvider" goes with/,
    );
    expect(problem({ clientMetadataUrl: 'http://client.example/meta.json' })).toMatch(
      /must be an https: URL/,
    );
    expect(problem({ clientSecret: 12345 })).toBe(
      'MCP server "hosted": "oauth.clientSecret" must be a non-empty string, got a number',
    );
    expect(problem(true, 'sse')).toMatch(/"oauth" needs Streamable HTTP/);
    expect(problem('yes')).toMatch(/"oauth" must be true or an object, got a string/);
    for (const message of [
      problem({ clientSecrett: 'hunter2-secret' }),
      problem({ clientId: 'x', clientSecret: 'hunter2-secret', tokenEndpointAuthMethod: 'private_key_jwt' }),
    ]) {
      expect(message).not.toContain('hunter2');
    }
  });
});
