import { type Adaptation, adaptInterface } from '../adaptation.js';
import type {
  OAuthCredentialKindV1,
  OAuthCredentialStoreV1,
  OAuthCredentialValueV1,
} from './oauth-credential-store-v1.js';

const STORE_METHODS = ['read', 'write', 'delete', 'withRefreshLock'] as const;

/**
 * `value` as an {@link OAuthCredentialStoreV1}, for a package that takes a host's store (a Redis
 * store shared by a fleet): a `v1` store as it is, one that says no `specificationVersion`
 * wrapped as `v1` (calls go to its own methods), any other version refused with
 * `unsupported_specification_version` naming both, an object without the four methods with
 * `not_an_implementation`.
 *
 * @param acceptedBy the package and its version line, e.g. `'@toolwright/mcp-client 0.x'`
 */
export function asOAuthCredentialStoreV1(
  value: unknown,
  acceptedBy: string,
): Adaptation<OAuthCredentialStoreV1> {
  return adaptInterface<OAuthCredentialStoreV1>(
    'OAuthCredentialStore',
    STORE_METHODS,
    value,
    acceptedBy,
    (store) =>
      Object.freeze({
        specificationVersion: 'v1',
        read: (serverKey: string, kind: OAuthCredentialKindV1) => store.read(serverKey, kind),
        write: (serverKey: string, kind: OAuthCredentialKindV1, stored: OAuthCredentialValueV1) =>
          store.write(serverKey, kind, stored),
        delete: (serverKey: string, kind: OAuthCredentialKindV1) => store.delete(serverKey, kind),
        withRefreshLock: <T>(serverKey: string, renew: () => Promise<T>) =>
          store.withRefreshLock(serverKey, renew),
      }),
  );
}
