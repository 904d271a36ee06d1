import { type Adaptation, adaptInterface } from '../adaptation.js';
import type { ApprovalStoreV1, PendingApprovalV1 } from './approval-store-v1.js';

const STORE_METHODS = ['get', 'put', 'delete', 'list'] as const;

/**
 * `value` as an {@link ApprovalStoreV1}, for a package that takes a host's store (a Redis or
 * database store for a fleet): a `v1` store as it is, one that says no `specificationVersion`
 * wrapped as `v1` (calls go to its own methods), any other version refused with
 * `unsupported_specification_version` naming both, an object without the four methods with
 * `not_an_implementation`.
 *
 * @param acceptedBy the package and its version line, e.g. `'@toolwright/executor 0.x'`
 */
export function asApprovalStoreV1(value: unknown, acceptedBy: string): Adaptation<ApprovalStoreV1> {
  return adaptInterface<ApprovalStoreV1>('ApprovalStore', STORE_METHODS, value, acceptedBy, (store) =>
    Object.freeze({
      specificationVersion: 'v1',
      get: (id: string) => store.get(id),
      put: (record: PendingApprovalV1) => store.put(record),
      delete: (id: string) => store.delete(id),
      list: () => store.list(),
    }),
  );
}
