// biome-ignore-all lint/suspicious/noTemplateCurlyInString: configuration text whose ${…} references the parser expands.
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
      'MCP server "hosted": unknown key "oauth.clientSecrett" (did you mean "clientSecret"?); accepted keys are allowPrivateDiscovery, authorizationServer, clientId, clientMetadataUrl, clientName, clientSecret, grant, identityProvider, privateKey, redirectPort, scopes, signingAlgorithm, tokenEndpointAuthMethod',
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
      /"oauth.clientMetadataUrl" is refused: it is plain http: on the non-loopback host client.example; accepted are https: URLs/,
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

  it('expands ${VAR} in every string of the entry, as in url and headers', () => {
    const env = {
      CI_SECRET: 'ci-secret-from-env',
      CI_ID: 'ci-bot',
      AS: 'https://as.example',
      SCOPE: 'mcp:read',
      KEY: 'PEM-FROM-ENV',
      IDP_TOKEN: 'id-token-from-env',
      HOST: 'auth.corp.internal',
    };
    const parse = (oauth: unknown) => {
      const [server] = parseMcpServersConfig(
        { mcpServers: { hosted: { type: 'http', url: 'https://mcp.example/mcp', oauth } } },
        { env },
      );
      return (server as { oauth?: Record<string, unknown> }).oauth;
    };
    expect(
      parse({
        grant: 'client_credentials',
        clientId: '${CI_ID}',
        clientSecret: '${CI_SECRET}',
        scopes: ['${SCOPE}', 'x:${CI_ID}'],
        authorizationServer: '${AS}/tenant',
        clientName: 'toolwright for ${env:CI_ID}',
        clientMetadataUrl: '${AS}/client.json',
        allowPrivateDiscovery: ['${HOST}'],
      }),
    ).toMatchObject({
      clientId: 'ci-bot',
      clientSecret: 'ci-secret-from-env',
      scopes: ['mcp:read', 'x:ci-bot'],
      authorizationServer: 'https://as.example/tenant',
      clientName: 'toolwright for ci-bot',
      clientMetadataUrl: 'https://as.example/client.json',
      allowPrivateDiscovery: ['auth.corp.internal'],
    });
    expect(
      parse({
        grant: 'client_credentials',
        clientId: 'x',
        tokenEndpointAuthMethod: 'private_key_jwt',
        privateKey: '${KEY}',
      }),
    ).toMatchObject({ privateKey: 'PEM-FROM-ENV' });
    expect(parse({ scopes: '${SCOPE} other' })).toMatchObject({ scopes: ['mcp:read', 'other'] });
    expect(
      parse({
        grant: 'jwt_bearer',
        clientId: 'x',
        clientSecret: '${CI_SECRET}',
        identityProvider: {
          tokenEndpoint: '${AS}/token',
          clientId: '${CI_ID}',
          clientSecret: '${CI_SECRET:-unused}',
          idToken: '${IDP_TOKEN}',
        },
      })?.identityProvider,
    ).toMatchObject({
      tokenEndpoint: new URL('https://as.example/token'),
      clientId: 'ci-bot',
      clientSecret: 'ci-secret-from-env',
      idToken: 'id-token-from-env',
    });
  });

  it('refuses an unset variable in an oauth string with the wording of url and headers, naming server, key and variable', () => {
    const message = (oauth: unknown, env: Record<string, string> = {}) => {
      try {
        parseMcpServersConfig(
          {
            mcpServers: {
              hosted: { type: 'http', url: 'https://mcp.example/mcp', headers: { a: '${NOPE}' } },
            },
          },
          { env },
        );
      } catch (error) {
        const headerMessage = (error as Error).message;
        try {
          parseMcpServersConfig(
            { mcpServers: { hosted: { type: 'http', url: 'https://mcp.example/mcp', oauth } } },
            { env },
          );
        } catch (oauthError) {
          return [headerMessage, (oauthError as Error).message];
        }
      }
      return ['accepted', 'accepted'];
    };
    const [header, secret] = message({ grant: 'client_credentials', clientId: 'x', clientSecret: '${NOPE}' });
    expect(secret).toBe(
      'MCP server "hosted": "oauth.clientSecret" uses ${NOPE}, but the environment variable NOPE is not set; set it, or give a default: ${NOPE:-value}',
    );
    expect(secret?.replace('oauth.clientSecret', 'headers.a')).toBe(header);
    expect(message({ identityProvider: { idToken: '${NOPE}' } })[1]).toMatch(
      /"oauth.identityProvider.idToken" uses \$\{NOPE\}/,
    );
    expect(message({ scopes: ['a', '${NOPE}'] })[1]).toMatch(/"oauth.scopes\[1\]" uses \$\{NOPE\}/);
    expect(message({ clientId: '${EMPTY:-}' })[1]).toBe(
      'MCP server "hosted": "oauth.clientId" is empty once its variables are expanded',
    );
  });

  it('refuses an MCP URL, an authorization server or an identity provider that is not https: (http: only on loopback)', () => {
    const at = (url: string, oauth: unknown = true) => {
      try {
        parseMcpServersConfig({ mcpServers: { hosted: { url, oauth } } });
      } catch (error) {
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(at('http://mcp.example/mcp')).toBe(
      'MCP server "hosted": "url" must be https: when "oauth" is set, but it is plain http: on the non-loopback host mcp.example; accepted are https: URLs, and http: only on loopback (127.0.0.0/8, ::1, localhost)',
    );
    expect(at('http://10.0.0.1:8080/mcp')).toMatch(/non-loopback host 10\.0\.0\.1/);
    expect(at('http://0x7f000001.example/mcp')).toMatch(/non-loopback host/);
    expect(at('http://mcp.example/mcp', false)).toBe('accepted');
    for (const loopback of [
      'http://127.0.0.1:3000/mcp',
      'http://127.1.2.3/mcp',
      'http://localhost:3000/mcp',
      'http://LOCALHOST./mcp',
      'http://[::1]:3000/mcp',
      'http://[::ffff:127.0.0.1]/mcp',
      'http://0x7f.1/mcp',
      'https://mcp.example/mcp',
    ]) {
      expect(at(loopback), loopback).toBe('accepted');
    }
    expect(at('https://mcp.example/mcp', { authorizationServer: 'http://as.example' })).toMatch(
      /"oauth.authorizationServer" is refused: it is plain http: on the non-loopback host as.example/,
    );
    expect(
      at('https://mcp.example/mcp', {
        grant: 'jwt_bearer',
        clientId: 'x',
        clientSecret: 's',
        identityProvider: { tokenEndpoint: 'file:///etc/passwd', clientId: 'c', idToken: 't' },
      }),
    ).toMatch(/"oauth.identityProvider.tokenEndpoint" is refused: it uses file:/);
  });

  it('reads allowPrivateDiscovery as true or a list of hosts, and refuses anything else', () => {
    expect(oauthOf({ allowPrivateDiscovery: true })).toMatchObject({ allowPrivateDiscovery: true });
    expect(oauthOf({ allowPrivateDiscovery: false })).toMatchObject({ allowPrivateDiscovery: undefined });
    expect(oauthOf({ allowPrivateDiscovery: ['Auth.Corp.Internal', '10.0.0.5', '[fd00::1]'] })).toMatchObject(
      {
        allowPrivateDiscovery: ['auth.corp.internal', '10.0.0.5', 'fd00::1'],
      },
    );
    expect(problem({ allowPrivateDiscovery: 'yes' })).toMatch(
      /"oauth.allowPrivateDiscovery" must be true, false, or an array of host names and IP addresses/,
    );
    expect(problem({ allowPrivateDiscovery: ['https://auth.corp.internal/'] })).toMatch(
      /"oauth.allowPrivateDiscovery\[0\]" is "https:\/\/auth.corp.internal\/"/,
    );
  });
});
