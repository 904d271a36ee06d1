import type { PathAccess, SkippedPath } from '../paths/path-access.js';
import { resolveRealPath } from '../paths/real-path.js';
import type { PermissionDecision } from './permission-decision.js';

/** What judges one read: a `PermissionPolicy` fits. */
export interface ReadJudge {
  judgeRead(
    path: string,
    toolName: string,
    knownRealPath?: string,
    approvedDirectories?: readonly string[],
  ): PermissionDecision;
}

/** Options of {@link createPolicyPathAccess}. */
export interface PolicyPathAccessOptions {
  /**
   * Directories the user approved this call for (its affected paths, when an `ask` was approved):
   * files under them are not "outside the workspace" for this call. Deny rules and secrets still
   * hold; a directory that cannot be resolved approves nothing.
   */
  readonly approvedDirectories?: readonly string[];
}

/** Skipped paths kept with their reasons; past this only the count grows (a walk can skip thousands). */
const MAX_KEPT_SKIPS = 100;

/**
 * The {@link PathAccess} the executor gives one call of `toolName`: each path is judged as a
 * `Read` of it (and as a call of `toolName` on it, so `Grep(secrets/**)` deny rules count too).
 */
export function createPolicyPathAccess(
  policy: ReadJudge,
  toolName: string,
  options: PolicyPathAccessOptions = {},
): PathAccess {
  const approvedDirectories = (options.approvedDirectories ?? []).flatMap((directory) => {
    try {
      return [resolveRealPath(directory)];
    } catch {
      return []; // a directory that cannot be resolved approves nothing
    }
  });
  const skipped: SkippedPath[] = [];
  let denied = 0;
  let asked = 0;
  return {
    canRead(absolutePath, knownRealPath) {
      const decision = policy.judgeRead(absolutePath, toolName, knownRealPath, approvedDirectories);
      if (decision.behavior === 'allow') return true;
      if (decision.behavior === 'deny') denied += 1;
      else asked += 1;
      if (skipped.length < MAX_KEPT_SKIPS) {
        skipped.push({ path: absolutePath, behavior: decision.behavior, reason: decision.reason });
      }
      return false;
    },
    get skipped() {
      return skipped;
    },
    summary() {
      const total = denied + asked;
      if (total === 0) return '';
      const parts = [
        ...(denied > 0 ? [`${denied} denied by the permission policy`] : []),
        ...(asked > 0 ? [`${asked} would need approval (secrets, or outside the workspace)`] : []),
      ];
      return `${total} ${total === 1 ? 'path' : 'paths'} skipped: ${parts.join(', ')}.`;
    },
  };
}
