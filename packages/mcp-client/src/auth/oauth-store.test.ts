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
import { LocalOAuthCredentialStore } from './local-credential-store.js';
import { defaultOAuthStoreDirectory, OAuthStore, serverStoreName } from './oauth-store.js';
import { ServerCredentials } from './server-credentials.js';
import { withExpiry } from './token-expiry.js';

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
    expect(new OAuthStore(root, serverStoreName('Ok_1.a-b', url)).path).toBe(join(root, `${hash}-Ok_1.a-b`));
  });

  it('stores when the access token expires, and nothing of the kind when the server did not say', async () => {
    const root = makeTempDir('tw-oauth-store-');
    const key = serverStoreName('remote', url);
    const credentials = new ServerCredentials(new LocalOAuthCredentialStore(root), key);
    const path = new OAuthStore(root, key).path;
    expect(await credentials.tokens()).toBeUndefined();
    await credentials.saveTokens(withExpiry({ ...tokens, expires_in: 60 }, 1_000));
    expect(await credentials.tokens()).toEqual({ ...tokens, expires_in: 60, expires_at: 61_000 });
    await credentials.saveTokens(withExpiry(tokens, 1_000));
    expect(JSON.parse(readFileSync(join(path, 'tokens.json'), 'utf8'))).toEqual(tokens);
    expect(await credentials.tokens()).not.toHaveProperty('expires_at');
  });

  it('reads a hand-broken file as missing', () => {
    const root = makeTempDir('tw-oauth-store-');
    const store = new OAuthStore(root, serverStoreName('remote', url));
    store.write('tokens', tokens);
    writeFileSync(join(store.path, 'tokens.json'), '{not json', { mode: 0o600 });
    expect(store.read('tokens')).toBeUndefined();
  });

  it('clears exactly the scope named; the verifier is not stored and clearing it creates nothing', async () => {
    const root = makeTempDir('tw-oauth-store-');
    const key = serverStoreName('remote', url);
    const credentials = new ServerCredentials(new LocalOAuthCredentialStore(root), key);
    const path = new OAuthStore(root, key).path;
    await credentials.clear('verifier');
    expect(existsSync(path)).toBe(false);

    const fill = async (): Promise<void> => {
      await credentials.saveTokens(tokens);
      await credentials.saveClientInformation({ client_id: 'c-1' });
      await credentials.saveDiscoveryState({ authorizationServerUrl: 'https://auth.example.com' });
    };
    await fill();
    expect(await credentials.discoveryState()).toEqual({
      authorizationServerUrl: 'https://auth.example.com',
    });
    expect(await credentials.clientInformation()).toEqual({ client_id: 'c-1' });
    await credentials.clear('verifier');
    expect(readdirSync(path).sort()).toEqual(['client.json', 'discovery.json', 'tokens.json']);
    await credentials.clear('tokens');
    expect(readdirSync(path).sort()).toEqual(['client.json', 'discovery.json']);
    await fill();
    await credentials.clear('client');
    expect(readdirSync(path).sort()).toEqual(['discovery.json', 'tokens.json']);
    await fill();
    await credentials.clear('discovery');
    expect(readdirSync(path).sort()).toEqual(['client.json', 'tokens.json']);
    await fill();
    await credentials.clear('all');
    expect(readdirSync(path)).toEqual([]);
  });

  it('refuses a server key that is not a plain directory name', async () => {
    const store = new LocalOAuthCredentialStore(makeTempDir('tw-oauth-store-'));
    for (const key of ['..', '../x', 'a/b', ''])
      await expect(store.read(key, 'tokens')).rejects.toThrow(/a server key is letters, digits/);
  });

  it('runs renewals of one server one after another in this process, others side by side', async () => {
    const store = new LocalOAuthCredentialStore(makeTempDir('tw-oauth-store-'));
    const events: string[] = [];
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = store.withRefreshLock('a-one', async () => {
      events.push('first in');
      await held;
      events.push('first out');
      throw new Error('first failed');
    });
    const second = store.withRefreshLock('a-one', async () => {
      events.push('second in');
      return 2;
    });
    const other = await store.withRefreshLock('b-two', async () => 'other');
    expect(other).toBe('other');
    expect(events).toEqual(['first in']);
    release();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(events).toEqual(['first in', 'first out', 'second in']);
  });

  it('refuses a server directory planted as a link, naming itself', () => {
    const root = makeTempDir('tw-oauth-store-');
    const elsewhere = join(root, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    const key = serverStoreName('remote', url);
    const store = new OAuthStore(join(root, 'oauth'), key);
    store.write('tokens', tokens);
    rmSync(store.path, { recursive: true });
    symlinkSync(elsewhere, store.path);
    const error = thrownBy(() => new OAuthStore(join(root, 'oauth'), key).read('tokens'));
    expect(McpClientError.isInstance(error)).toBe(true);
    expect((error as Error).message).toMatch(/^OAuthStore: the private state in /);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});
