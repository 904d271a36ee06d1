import { isAbsolute, relative as relativePath, sep } from 'node:path';
import { type ToolInvocation, ToolKind } from '@toolwright/contracts';
import type { ToolMode } from '@toolwright/registry';
import { detectSensitivePath } from '@toolwright/validation';
import { displayPath } from '../tools/workspace-paths.js';
import { type PermissionRule, parsePermissionRule, ruleMatches } from './permission-rule.js';

/** The outcome of a permission check. `ask` is resolved by the host (a prompt, or deny). */
export type PermissionDecision =
  | { readonly behavior: 'allow'; readonly reason: string }
  | { readonly behavior: 'deny'; readonly reason: string }
  | { readonly behavior: 'ask'; readonly reason: string };

/** Allow and deny rules, as `toolwright.config.json` holds them. */
export interface PermissionRules {
  allow?: readonly string[];
  deny?: readonly string[];
}

/**
 * Decides whether a call may run, in this order (first match wins):
 * 1. Plan mode allows only ReadOnly tools.
 * 2. A deny rule refuses.
 * 3. Sensitive paths (validation's `detectSensitivePath`): `high` is denied unless an allow rule
 *    naming that path covers it; `medium` asks unless an allow rule covers it; `low` passes.
 * 4. An allow rule allows.
 * 5. Defaults: ReadOnly inside the workspace is allowed; Write inside the workspace is allowed;
 *    anything touching a path outside the workspace, and every Execute tool, asks.
 */
export class PermissionPolicy {
  readonly #allow: readonly PermissionRule[];
  readonly #deny: readonly PermissionRule[];
  readonly #workspaceRoot: string;

  readonly #trustedDirectories: readonly string[];

  /**
   * @param trustedDirectories The agent's own state (the session directory): tools may touch
   *   it without asking, like the workspace, because the agent created it.
   */
  constructor(
    workspaceRoot: string,
    rules: PermissionRules = {},
    trustedDirectories: readonly string[] = [],
  ) {
    this.#workspaceRoot = workspaceRoot;
    this.#trustedDirectories = trustedDirectories;
    this.#allow = (rules.allow ?? []).map(parsePermissionRule);
    this.#deny = (rules.deny ?? []).map(parsePermissionRule);
  }

  /** The decision for one built (validated) invocation in the given mode. */
  decide(invocation: ToolInvocation, mode: ToolMode): PermissionDecision {
    const name = invocation.toolName;
    if (mode === 'plan' && invocation.kind !== ToolKind.ReadOnly) {
      return {
        behavior: 'deny',
        reason: `Plan mode allows only read-only tools; ${name} is a ${invocation.kind} tool. Present your plan with ExitPlanMode first.`,
      };
    }
    const paths = invocation.affectedPaths.map((absolute) => ({
      absolute,
      relative: displayPath(this.#workspaceRoot, absolute),
    }));
    const denyRule = this.#deny.find((rule) => ruleMatches(rule, name, paths));
    if (denyRule !== undefined) {
      return { behavior: 'deny', reason: `Denied by the rule "${denyRule.source}" in permissions.deny.` };
    }
    const allowRule = this.#allow.find((rule) => ruleMatches(rule, name, paths));
    for (const path of paths) {
      const match = detectSensitivePath(path.absolute);
      if (match === undefined || match.level === 'low') continue;
      // Only a rule that names the path counts as explicit consent for a secret, not "Read".
      const explicit = allowRule !== undefined && allowRule.pathPattern !== undefined;
      if (explicit) continue;
      if (match.level === 'high') {
        return {
          behavior: 'deny',
          reason: `${path.relative} is a sensitive file (${match.reason}; rule ${match.rule}). Refused; to permit it, add an explicit rule such as "${name}(${path.relative})" to permissions.allow.`,
        };
      }
      return {
        behavior: 'ask',
        reason: `${path.relative} may hold secrets (${match.reason}; rule ${match.rule}).`,
      };
    }
    if (allowRule !== undefined) {
      return { behavior: 'allow', reason: `Allowed by the rule "${allowRule.source}".` };
    }
    const outside = paths.find(
      (path) =>
        !isInside(this.#workspaceRoot, path.absolute) &&
        !this.#trustedDirectories.some((directory) => isInside(directory, path.absolute)),
    );
    if (outside !== undefined) {
      return { behavior: 'ask', reason: `${outside.absolute} is outside the workspace.` };
    }
    if (invocation.kind === ToolKind.Execute) {
      return { behavior: 'ask', reason: `${name} can have effects outside the workspace (kind execute).` };
    }
    return { behavior: 'allow', reason: `${invocation.kind} inside the workspace.` };
  }
}

function isInside(directory: string, absolute: string): boolean {
  const inside = relativePath(directory, absolute);
  return inside === '' || (!inside.startsWith(`..${sep}`) && inside !== '..' && !isAbsolute(inside));
}
