import type { OAuthClientInformationMixed, OAuthDiscoveryState } from '@modelcontextprotocol/client';
import type { OAuthCredentialKindV1, OAuthCredentialStoreV1, OAuthCredentialValueV1 } from '@toolwright/spec';
import type { StoredTokens } from './token-expiry.js';

/** The SDK's `invalidateCredentials` scopes. */
export type CredentialScope = 'all' | 'client' | 'tokens' | 'verifier' | 'discovery';

/** What each scope forgets; the verifier is never stored. */
const KINDS_OF_SCOPE: Readonly<Record<CredentialScope, readonly OAuthCredentialKindV1[]>> = {
  all: ['tokens', 'client', 'discovery'],
  client: ['client'],
  tokens: ['tokens'],
  verifier: [],
  discovery: ['discovery'],
};

/**
 * One server's OAuth state in an {@link OAuthCredentialStoreV1} (the local files, or a store a
 * fleet shares), typed as the SDK has it.
 */
export class ServerCredentials {
  readonly #store: OAuthCredentialStoreV1;
  readonly #serverKey: string;

  constructor(store: OAuthCredentialStoreV1, serverKey: string) {
    this.#store = store;
    this.#serverKey = serverKey;
  }

  async tokens(): Promise<StoredTokens | undefined> {
    return (await this.#store.read(this.#serverKey, 'tokens')) as StoredTokens | undefined;
  }

  /** Saves `tokens` (stamped with their expiry by `withExpiry`). */
  async saveTokens(tokens: StoredTokens): Promise<void> {
    await this.#store.write(this.#serverKey, 'tokens', tokens as OAuthCredentialValueV1);
  }

  async clientInformation(): Promise<OAuthClientInformationMixed | undefined> {
    return (await this.#store.read(this.#serverKey, 'client')) as OAuthClientInformationMixed | undefined;
  }

  async saveClientInformation(information: OAuthClientInformationMixed): Promise<void> {
    await this.#store.write(this.#serverKey, 'client', information as unknown as OAuthCredentialValueV1);
  }

  async discoveryState(): Promise<OAuthDiscoveryState | undefined> {
    return (await this.#store.read(this.#serverKey, 'discovery')) as OAuthDiscoveryState | undefined;
  }

  async saveDiscoveryState(state: OAuthDiscoveryState): Promise<void> {
    await this.#store.write(this.#serverKey, 'discovery', state as unknown as OAuthCredentialValueV1);
  }

  /** Forgets what `scope` names. */
  async clear(scope: CredentialScope): Promise<void> {
    for (const kind of KINDS_OF_SCOPE[scope]) await this.#store.delete(this.#serverKey, kind);
  }

  /** Runs `renew` holding this server's refresh lock (across the fleet, for a shared store). */
  withRefreshLock<T>(renew: () => Promise<T>): Promise<T> {
    return this.#store.withRefreshLock(this.#serverKey, renew);
  }
}
