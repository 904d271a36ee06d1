import { randomBytes } from 'node:crypto';
import {
  ApprovalDesk,
  type ApprovalStoreV1,
  FileApprovalStore,
  type PermissionPolicy,
} from '@toolwright/executor';
import { PrivateDirectory } from '@toolwright/utils/private-files';

/** Where pending approvals wait, and the key they are signed and checked with. */
export interface ApprovalRecords {
  readonly store: ApprovalStoreV1;
  readonly key: Uint8Array;
}

/**
 * The agent's approval desk. Pending approvals wait in `records` (a fleet's shared store, see
 * `openSharedStore`), by default in the state directory's private `approvals/` folder, signed
 * with a host key kept there (made once, 0600, shared by every process of this user and state
 * directory): the agent that asked and the `approvals` command that answers later, in another
 * process, meet there, and a record written by anyone without the key is refused as forged.
 * "Always" answers stay beside the local state; `policy` judges one limited to an argument
 * pattern as the session's allow rules are judged.
 */
export function openApprovalDesk(
  stateDirectory: string,
  policy: PermissionPolicy,
  records: ApprovalRecords = localApprovalRecords(stateDirectory),
): ApprovalDesk {
  return new ApprovalDesk({ ...records, alwaysAllowRoot: stateDirectory, policy });
}

function localApprovalRecords(stateDirectory: string): ApprovalRecords {
  const key = new PrivateDirectory(stateDirectory, 'approvals').readOrCreate('host.key', () =>
    randomBytes(32),
  );
  return { key, store: new FileApprovalStore({ root: stateDirectory }) };
}
