// Synchronous decisions of a real PermissionPolicy, for the permission tests: one copy of the
// helpers every policy test file calls, so a change to how a decision is asked for is made once.
import type { Tool } from '@toolwright/contracts';
import { afterEach, beforeEach, vi } from 'vitest';
import type { PermissionDecision } from '../permission/permission-decision.js';
import { PermissionPolicy, type PermissionPolicyOptions } from '../permission/permission-policy.js';
import { bashTool, callOn, shellWithCwdTool } from './policy-tools.js';
import { makeTempWorkspace, type TempWorkspace } from './temp-workspace.js';

/** A policy on `tree`'s workspace. */
export function policyIn(
  tree: TempWorkspace,
  options: Omit<PermissionPolicyOptions, 'workspaceRoot'> = {},
): PermissionPolicy {
  return new PermissionPolicy({ workspaceRoot: tree.workspace, ...options });
}

/** A fresh workspace for each test, and policies on it. */
export interface PolicyWorkspace {
  /** This test's workspace and fake home. */
  readonly tree: TempWorkspace;
  /** A policy on this test's workspace. */
  policy(options?: Omit<PermissionPolicyOptions, 'workspaceRoot'>): PermissionPolicy;
}

/**
 * Gives every test of the calling file a fresh temporary workspace, with `HOME` (and so `~`)
 * pointing at its fake home, never the real one.
 */
export function usePolicyWorkspace(): PolicyWorkspace {
  let current: TempWorkspace | undefined;
  beforeEach(() => {
    current = makeTempWorkspace();
    vi.stubEnv('HOME', current.home);
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  const workspace: PolicyWorkspace = {
    get tree() {
      if (current === undefined) throw new Error('the policy workspace exists only inside a test');
      return current;
    },
    policy: (options = {}) => policyIn(workspace.tree, options),
  };
  return workspace;
}

/** `decision`, which must be synchronous: a test without a needsApproval callback never waits. */
export function synchronous(decision: PermissionDecision | Promise<PermissionDecision>): PermissionDecision {
  if (decision instanceof Promise) throw new Error('expected a synchronous decision');
  return decision;
}

/** The decision on `tool` called on `paths` (as written). */
export function decideNow(
  subject: PermissionPolicy,
  tool: Tool,
  paths: readonly string[],
  mode: 'default' | 'plan' = 'default',
): PermissionDecision {
  return synchronous(subject.decide({ invocation: callOn(tool, ...paths), tool, mode }));
}

/** The decision on the Bash test tool running `command`. */
export function decideBash(subject: PermissionPolicy, command: string): PermissionDecision {
  return synchronous(
    subject.decide({ invocation: bashTool.build({ command }), tool: bashTool, mode: 'default' }),
  );
}

/** The decision on the shell test tool running `command` in `cwd`. */
export function decideShellIn(subject: PermissionPolicy, command: string, cwd: string): PermissionDecision {
  return synchronous(
    subject.decide({
      invocation: shellWithCwdTool.build({ command, cwd }),
      tool: shellWithCwdTool,
      mode: 'default',
    }),
  );
}
