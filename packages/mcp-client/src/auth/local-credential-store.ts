import type { OAuthCredentialKindV1, OAuthCredentialStoreV1, OAuthCredentialValueV1 } from '@toolwright/spec';
import { McpClientError, McpClientErrorCode } from '../errors.js';
import { OAuthStore } from './oauth-store.js';

/** The keys `serverStoreName` makes: they name directories, so nothing else is taken. */
const SERVER_KEY = /^[A-Za-z0-9_.-]+$/;

/** The renewals waiting or running in this process, per store directory and server. */
const lockTails = new Map<string, Promise<unknown>>();

/**
 * Runs `renew` after every earlier renewal of `lock` in this process settled. The local store is
 * one machine's files: the lock keeps two connection managers of one process (an adapter and a
 * login) from refreshing one server side by side.
 */
function inProcessLock<T>(lock: string, renew: () => Promise<T>): Promise<T> {
  const before = lockTails.get(lock) ?? Promise.resolve();
  const run = before.then(renew, renew);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  lockTails.set(lock, tail);
  void tail.then(() => {
    if (lockTails.get(lock) === tail) lockTails.delete(lock);
  });
  return run;
}

/**
 * The default {@link OAuthCredentialStoreV1}: private files under `directory`, one directory per
 * server (see `OAuthStore`), and a refresh lock held within this process.
 */
export class LocalOAuthCredentialStore implements OAuthCredentialStoreV1 {
  readonly specificationVersion = 'v1' as const;
  /** Where the servers' directories are. */
  readonly directory: string;
  readonly #stores = new Map<string, OAuthStore>();

  constructor(directory: string) {
    this.directory = directory;
  }

  /** The files of `serverKey`. */
  storeFor(serverKey: string): OAuthStore {
    if (!SERVER_KEY.test(serverKey) || serverKey === '.' || serverKey === '..')
      throw new McpClientError(
        McpClientErrorCode.InvalidOption,
        `OAuthStore: a server key is letters, digits, "_", "." and "-" (as serverStoreName makes it); got ${JSON.stringify(serverKey.slice(0, 80))}`,
      );
    let store = this.#stores.get(serverKey);
    if (store === undefined) {
      store = new OAuthStore(this.directory, serverKey);
      this.#stores.set(serverKey, store);
    }
    return store;
  }

  async read(serverKey: string, kind: OAuthCredentialKindV1): Promise<OAuthCredentialValueV1 | undefined> {
    return this.storeFor(serverKey).read(kind);
  }

  async write(serverKey: string, kind: OAuthCredentialKindV1, value: OAuthCredentialValueV1): Promise<void> {
    this.storeFor(serverKey).write(kind, value);
  }

  async delete(serverKey: string, kind: OAuthCredentialKindV1): Promise<void> {
    this.storeFor(serverKey).remove(kind);
  }

  withRefreshLock<T>(serverKey: string, renew: () => Promise<T>): Promise<T> {
    return inProcessLock(`${this.directory}\0${serverKey}`, renew);
  }
}
