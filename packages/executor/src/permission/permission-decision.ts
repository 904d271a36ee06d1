/**
 * The outcome of a permission check. `ask` is settled by the host: an approval prompt, or a
 * denial in a run nobody watches. `rule` names the rule that decided, when one did.
 */
export interface PermissionDecision {
  readonly behavior: 'allow' | 'ask' | 'deny';
  readonly reason: string;
  readonly rule?: string;
  /** For `ask`: the allow rule that would permit calls like this one, when the policy knows a better one than the call's own `permissionRule`. */
  readonly suggestedRule?: string;
  /**
   * For `ask`: set when no allow rule can permit calls like this one (a protected file, an ask
   * rule, `alwaysAsk`, `needsApproval`, an untrusted server's tool in Plan mode), saying what can
   * instead. A host that settles the `ask` without a user shows this, never a rule suggestion.
   */
  readonly remedy?: string;
}

const SEVERITY = { allow: 0, ask: 1, deny: 2 } as const;

/** The stricter of two decisions (deny over ask over allow); the first wins a tie. */
export function stricter(left: PermissionDecision, right: PermissionDecision): PermissionDecision {
  return SEVERITY[right.behavior] > SEVERITY[left.behavior] ? right : left;
}
