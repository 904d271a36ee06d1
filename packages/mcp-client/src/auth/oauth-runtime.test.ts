import { makeTempDir, thrownBy } from '@toolwright/test-support';
import { describe, expect, it } from 'vitest';
import { McpClientError } from '../errors.js';
import { LocalOAuthCredentialStore } from './local-credential-store.js';
import { resolveOAuthRuntime } from './oauth-runtime.js';

/** A host's shared store, written without the version field. */
const hostStore = {
  read: async () => undefined,
  write: async () => {},
  delete: async () => {},
  withRefreshLock: <T>(_key: string, renew: () => Promise<T>) => renew(),
};

function refusal(options: unknown): string {
  const error = thrownBy(() => resolveOAuthRuntime('mcpOAuth', options as never));
  expect(McpClientError.isInstance(error) && error.code).toBe('invalid_option');
  return (error as Error).message;
}

describe('the credentialStore option', () => {
  it('defaults to the local files in storeDirectory', () => {
    const directory = makeTempDir('tw-oauth-runtime-');
    const store = resolveOAuthRuntime('mcpOAuth', { storeDirectory: directory }).credentialStore;
    expect(store).toBeInstanceOf(LocalOAuthCredentialStore);
    expect((store as LocalOAuthCredentialStore).directory).toBe(directory);
  });

  it("takes a host's store, wrapping one without a version as v1", async () => {
    const store = resolveOAuthRuntime('mcpOAuth', { credentialStore: hostStore as never }).credentialStore;
    expect(store.specificationVersion).toBe('v1');
    expect(await store.withRefreshLock('k', async () => 'renewed')).toBe('renewed');
  });

  it('refuses a store of another version, an object that is none, and a store beside storeDirectory', () => {
    expect(refusal({ credentialStore: { ...hostStore, specificationVersion: 'v2' } })).toMatch(
      /^mcpOAuth: credentialStore: .*v2.*@toolwright\/mcp-client 0\.x/,
    );
    expect(refusal({ credentialStore: 'redis://127.0.0.1' })).toBe(
      'mcpOAuth: credentialStore: expected an OAuthCredentialStore (an object with read, write, delete, withRefreshLock functions), got string "redis://127.0.0.1"',
    );
    expect(refusal({ credentialStore: { read: hostStore.read } })).toBe(
      'mcpOAuth: credentialStore: this OAuthCredentialStore has no write or delete or withRefreshLock function; expected an object with read, write, delete, withRefreshLock functions',
    );
    expect(refusal({ credentialStore: hostStore, storeDirectory: '/tmp/x' })).toBe(
      'mcpOAuth: give either storeDirectory (the local files) or credentialStore (a store the fleet shares), not both',
    );
  });
});
