import { homedir } from 'node:os';
import { isAbsolute, resolve, sep } from 'node:path';
import type { ToolInvocation } from '@toolwright/contracts';
import { detectSensitivePath } from '@toolwright/validation';
import type { ToolCallRequest } from '../executed-call.js';
import type { JudgedPaths } from '../paths/judged-paths.js';
import { resolveRealPath } from '../paths/real-path.js';
import { pathArguments } from '../permission/path-arguments.js';
import { matchProtectedPath, type ProtectedPathMatch } from '../permission/protected-paths.js';

/** What decides whether a path's content stays out of telemetry. */
export interface ContentGuard {
  readonly workspaceRoot: string;
  /** The permission checker's own protected-path test (a `PermissionPolicy`'s, with its `protectedPaths`). */
  readonly protectedPathOf?: (realPath: string) => ProtectedPathMatch | undefined;
}

/** Why a call's arguments and result are left out of telemetry although content recording is on. */
export type WithheldReason = 'sensitive_path' | 'protected_path' | 'unknown_paths';

/**
 * Why this call's arguments and result must not be recorded, or `undefined` when they may be.
 * Its paths are the tool's affected paths and every argument named like a path (`path`, `file`,
 * ...), each read where it really lands: `..` and `~` both ways, as the permission policy reads
 * them, and symlinks resolved (the resolution the decision recorded, when there was one). A
 * secret-bearing file (`detectSensitivePath`, any level) or a protected one keeps the call's
 * content out; so does a path that cannot be read (fail closed).
 */
export function withheldContentReason(
  call: ToolCallRequest,
  invocation: ToolInvocation | undefined,
  judged: JudgedPaths | undefined,
  guard: ContentGuard,
): WithheldReason | undefined {
  let written: readonly string[];
  try {
    written =
      invocation === undefined
        ? pathArguments(call.arguments)
        : [...invocation.affectedPaths, ...pathArguments(invocation.params)];
  } catch {
    return 'unknown_paths';
  }
  for (const path of written) {
    for (const reading of readingsOf(path, guard.workspaceRoot)) {
      let real: string;
      try {
        real = judged?.realPathOf(reading) ?? resolveRealPath(reading);
      } catch {
        return 'unknown_paths';
      }
      const options = { followSymlinks: false };
      if (detectSensitivePath(reading, options) !== undefined) return 'sensitive_path';
      if (detectSensitivePath(real, options) !== undefined) return 'sensitive_path';
      const guarded =
        guard.protectedPathOf?.(real) ??
        matchProtectedPath(real, [], { workspaceRoot: guard.workspaceRoot }) ??
        matchProtectedPath(reading, []);
      if (guarded !== undefined) return 'protected_path';
    }
  }
  return undefined;
}

/**
 * The absolute places `path` can mean: normalised against the workspace, and with `..` applied
 * after a symlink (the kernel's reading); a leading `~` is the home directory too.
 */
function readingsOf(path: string, workspaceRoot: string): string[] {
  const readings = [resolve(workspaceRoot, path)];
  if (path.includes('..')) readings.push(isAbsolute(path) ? path : `${workspaceRoot}${sep}${path}`);
  if (path === '~' || path.startsWith('~/')) readings.push(resolve(homedir(), path.slice(2)));
  return readings;
}
