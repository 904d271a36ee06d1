import { describe, expect, it } from 'vitest';
import { asOAuthCredentialStoreV1 } from './as-oauth-credential-store-v1.js';
import type { OAuthCredentialKindV1, OAuthCredentialValueV1 } from './oauth-credential-store-v1.js';

const ACCEPTED_BY = '@toolwright/example 0.x';

/** A host's store written as a class with private state and no version field. */
class UnversionedMemoryStore {
  readonly #values = new Map<string, OAuthCredentialValueV1>();
  readonly locked: string[] = [];

  async read(serverKey: string, kind: OAuthCredentialKindV1) {
    return this.#values.get(`${serverKey}/${kind}`);
  }
  async write(serverKey: string, kind: OAuthCredentialKindV1, value: OAuthCredentialValueV1) {
    this.#values.set(`${serverKey}/${kind}`, value);
  }
  async delete(serverKey: string, kind: OAuthCredentialKindV1) {
    this.#values.delete(`${serverKey}/${kind}`);
  }
  async withRefreshLock<T>(serverKey: string, renew: () => Promise<T>) {
    this.locked.push(serverKey);
    return renew();
  }
}

describe('asOAuthCredentialStoreV1', () => {
  it('takes a v1 store as it is, and wraps one without a version so its methods still reach it', async () => {
    const versioned = Object.assign(new UnversionedMemoryStore(), { specificationVersion: 'v1' as const });
    const taken = asOAuthCredentialStoreV1(versioned, ACCEPTED_BY);
    expect(taken.ok && taken.value).toBe(versioned);
    const host = new UnversionedMemoryStore();
    const wrapped = asOAuthCredentialStoreV1(host, ACCEPTED_BY);
    if (!wrapped.ok) throw new Error(wrapped.message);
    expect(wrapped.value.specificationVersion).toBe('v1');
    expect(Object.isFrozen(wrapped.value)).toBe(true);
    await wrapped.value.write('k-server', 'tokens', { access_token: 'a' });
    expect(await wrapped.value.read('k-server', 'tokens')).toEqual({ access_token: 'a' });
    await wrapped.value.delete('k-server', 'tokens');
    expect(await wrapped.value.read('k-server', 'tokens')).toBeUndefined();
    expect(await wrapped.value.withRefreshLock('k-server', async () => 42)).toBe(42);
    expect(host.locked).toEqual(['k-server']);
  });

  it('refuses another version by name, and an object without the four methods naming the missing ones', () => {
    const later = asOAuthCredentialStoreV1(
      Object.assign(new UnversionedMemoryStore(), { specificationVersion: 'v2' }),
      ACCEPTED_BY,
    );
    expect(later).toMatchObject({ ok: false, code: 'unsupported_specification_version' });
    expect(!later.ok && later.message).toContain('v2');
    expect(!later.ok && later.message).toContain(ACCEPTED_BY);
    const partial = asOAuthCredentialStoreV1(
      { read: async () => undefined, write: async () => {}, delete: async () => {} },
      ACCEPTED_BY,
    );
    expect(partial).toMatchObject({
      ok: false,
      code: 'not_an_implementation',
      message:
        'this OAuthCredentialStore has no withRefreshLock function; expected an object with read, write, delete, withRefreshLock functions',
    });
    expect(asOAuthCredentialStoreV1('redis://x', ACCEPTED_BY)).toMatchObject({
      ok: false,
      message:
        'expected an OAuthCredentialStore (an object with read, write, delete, withRefreshLock functions), got string "redis://x"',
    });
  });
});
