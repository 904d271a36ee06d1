import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { makeTempDir, thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { McpClientError } from '../errors.js';
import { defaultOAuthStoreDirectory, OAuthStore, serverStoreName } from './oauth-store.js';

const url = new URL('https://mcp.example.com/mcp');
const tokens = { access_token: 'at-1', token_type: 'Bearer' };

describe('OAuthStore', () => {
  it('defaults to $XDG_STATE_HOME/toolwright/mcp-oauth', () => {
    expect(defaultOAuthStoreDirectory({ XDG_STATE_HOME: '/var/state' })).toBe(
      '/var/state/toolwright/mcp-oauth',
    );
  });

  it('names a server by the hash of its URL and its name made file-safe', () => {
    const hash = createHash('sha256').update(url.href).digest('hex').slice(0, 16);
    expect(serverStoreName('my server/../x', url)).toBe(`${hash}-my_server_.._x`);
    expect(serverStoreName('Ok_1.a-b', url)).toBe(`${hash}-Ok_1.a-b`);
    // Another URL under the same name is another directory: its tokens are never sent there.
    expect(serverStoreName('Ok_1.a-b', new URL('https://other.example.com/mcp'))).not.toBe(
      `${hash}-Ok_1.a-b`,
    );
    const root = makeTempDir('tw-oauth-store-');
    expect(new OAuthStore(root, 'Ok_1.a-b', url).path).toBe(join(root, `${hash}-Ok_1.a-b`));
  });

  it('stores when the access token expires, and nothing of the kind when the server did not say', () => {
    const root = makeTempDir('tw-oauth-store-');
    const store = new OAuthStore(root, 'remote', url);
    expect(store.tokens()).toBeUndefined();
    store.saveTokens({ ...tokens, expires_in: 60 }, 1_000);
    expect(store.tokens()).toEqual({ ...tokens, expires_in: 60, expires_at: 61_000 });
    store.saveTokens(tokens, 1_000);
    expect(JSON.parse(readFileSync(join(store.path, 'tokens.json'), 'utf8'))).toEqual(tokens);
    expect(store.tokens()).not.toHaveProperty('expires_at');
  });

  it('reads a hand-broken file as missing', () => {
    const root = makeTempDir('tw-oauth-store-');
    const store = new OAuthStore(root, 'remote', url);
    store.saveTokens(tokens);
    writeFileSync(join(store.path, 'tokens.json'), '{not json', { mode: 0o600 });
    expect(store.tokens()).toBeUndefined();
  });

  it('clears exactly the scope named; the verifier is not stored and clearing it creates nothing', () => {
    const root = makeTempDir('tw-oauth-store-');
    const store = new OAuthStore(root, 'remote', url);
    store.clear('verifier');
    expect(existsSync(store.path)).toBe(false);

    const fill = (): void => {
      store.saveTokens(tokens);
      store.saveClientInformation({ client_id: 'c-1' });
      store.saveDiscoveryState({ authorizationServerUrl: 'https://auth.example.com' });
    };
    fill();
    expect(store.discoveryState()).toEqual({ authorizationServerUrl: 'https://auth.example.com' });
    expect(store.clientInformation()).toEqual({ client_id: 'c-1' });
    store.clear('verifier');
    expect(readdirSync(store.path).sort()).toEqual(['client.json', 'discovery.json', 'tokens.json']);
    store.clear('tokens');
    expect(readdirSync(store.path).sort()).toEqual(['client.json', 'discovery.json']);
    fill();
    store.clear('client');
    expect(readdirSync(store.path).sort()).toEqual(['discovery.json', 'tokens.json']);
    fill();
    store.clear('discovery');
    expect(readdirSync(store.path).sort()).toEqual(['client.json', 'tokens.json']);
    fill();
    store.clear('all');
    expect(readdirSync(store.path)).toEqual([]);
  });

  it('refuses a server directory planted as a link, naming itself', () => {
    const root = makeTempDir('tw-oauth-store-');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    const store = new OAuthStore(join(root, 'oauth'), 'remote', url);
    store.saveTokens(tokens);
    rmSync(store.path, { recursive: true });
    symlinkSync(elsewhere, store.path);
    const error = thrownBy(() => new OAuthStore(join(root, 'oauth'), 'remote', url).tokens());
    expect(McpClientError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^OAuthStore: the private state in /);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
