import { randomBytes } from 'node:crypto';
import { ApprovalDesk, FileApprovalStore, type PermissionPolicy } from '@toolwright/executor';
import { PrivateDirectory } from '@toolwright/utils/private-files';

/**
 * The agent's approval desk: pending approvals and "always allow" answers live in the state
 * directory's private `approvals/` folder, signed with a host key kept there (made once, 0600,
 * shared by every process of this user and state directory). The agent that asked and the
 * `approvals` command that answers later, in another process, meet there; a record written by
 * anyone without the key is refused as forged. `policy` judges an "always" limited to an argument
 * pattern as the session's allow rules are judged.
 */
export function openApprovalDesk(stateDirectory: string, policy: PermissionPolicy): ApprovalDesk {
  const directory = new PrivateDirectory(stateDirectory, 'approvals');
  const key = directory.readOrCreate('host.key', () => randomBytes(32));
  return new ApprovalDesk({
    key,
    store: new FileApprovalStore({ root: stateDirectory }),
    alwaysAllowRoot: stateDirectory,
    // Judges an "always" limited to an argument pattern (`approvals approve --always --matching`).
    policy,
  });
}
