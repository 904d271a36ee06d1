import { checkOption, checkOptions, type OptionTable, TIMER_MS } from '@toolwright/utils';
import type { McpConnectionState } from './events/connection-state.js';
import { invalidOption } from './invalid-option.js';

/** Backoff for reconnecting to a server whose connection was lost. */
export interface ReconnectPolicy {
  /** Attempts before giving up with phase `failed`; default 5. 0 disables reconnecting. */
  readonly maxAttempts: number;
  /** Delay before the first attempt; doubled each time; default 250 ms. */
  readonly initialDelayMs: number;
  /** Upper bound on the delay; default 10 s. */
  readonly maxDelayMs: number;
}

/** The defaults of {@link ReconnectPolicy}: 5 attempts after 250, 500, 1,000, 2,000 and 4,000 ms. */
export const DEFAULT_RECONNECT_POLICY: ReconnectPolicy = Object.freeze({
  maxAttempts: 5,
  initialDelayMs: 250,
  maxDelayMs: 10_000,
});

const POLICY_NAMES: OptionTable<ReconnectPolicy> = {
  maxAttempts: { kind: 'custom' },
  initialDelayMs: { kind: 'custom' },
  maxDelayMs: { kind: 'custom' },
};

/** `policy` (all, some or none) over {@link DEFAULT_RECONNECT_POLICY}, checked by name and value. */
export function resolveReconnectPolicy(
  owner: string,
  policy: Partial<ReconnectPolicy> | undefined,
): ReconnectPolicy {
  if (policy === undefined) return DEFAULT_RECONNECT_POLICY;
  checkOptions(owner, policy, POLICY_NAMES, invalidOption);
  checkOption(
    owner,
    'maxAttempts',
    policy.maxAttempts,
    { kind: 'number', min: 0, max: 1000, integer: true },
    invalidOption,
  );
  checkOption(owner, 'initialDelayMs', policy.initialDelayMs, TIMER_MS, invalidOption);
  checkOption(owner, 'maxDelayMs', policy.maxDelayMs, TIMER_MS, invalidOption);
  return { ...DEFAULT_RECONNECT_POLICY, ...policy };
}

/** The wait before reconnect attempt `attempt` (from 1): `initialDelayMs` doubled per attempt, at most `maxDelayMs`. */
export function reconnectDelayMs(policy: ReconnectPolicy, attempt: number): number {
  return Math.min(policy.initialDelayMs * 2 ** (attempt - 1), policy.maxDelayMs);
}

/** What the reconnect loop drives: one server whose connection was lost. */
export interface ReconnectTarget {
  /** True once the connection was closed for good: the loop stops without a word. */
  readonly isClosing: boolean;
  /** The reason of the latest failure, reported with each phase. */
  readonly lastError: string;
  /** Set when another attempt cannot help (the same answer would come back): the loop reports `failed`. */
  readonly giveUpReason: string | undefined;
  /** Reports a phase (to the registry's queue and the host's callback). */
  report(
    state: Extract<McpConnectionState, 'reconnecting' | 'recovered' | 'failed'>,
    attempt: number | undefined,
  ): void;
  /** One handshake with a fresh transport; rejects (having recorded the reason) when it fails. */
  open(): Promise<void>;
  /** Drops a fresh connection made while the target was being closed. */
  discard(): Promise<void>;
  /**
   * The work after a handshake (handlers, subscriptions, catalogs). Resolves `true` when the
   * connection is still up afterwards, `false` when it was lost again meanwhile (a server that
   * dies while its catalog is listed) or its tools could not be listed (the target ended the
   * connection): that counts as a failed attempt.
   */
  ready(): Promise<boolean>;
}

/** Waits `ms` without keeping the process alive (a reconnect never holds up the host's exit). */
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/**
 * Re-establishes a lost connection: up to `policy.maxAttempts` attempts, each after its
 * backoff delay (see {@link reconnectDelayMs}), reporting `reconnecting` (with the attempt and
 * the last error) before each, `recovered` once a handshake and its catalog listing succeeded, and `failed` when the attempts run
 * out (at once when `maxAttempts` is 0). `wait` is the delay itself (tests pass their own).
 */
export async function runReconnectLoop(
  policy: ReconnectPolicy,
  target: ReconnectTarget,
  wait: (ms: number) => Promise<void> = sleep,
): Promise<void> {
  for (let attempt = 1; attempt <= policy.maxAttempts; attempt += 1) {
    target.report('reconnecting', attempt);
    await wait(reconnectDelayMs(policy, attempt));
    if (target.isClosing) return;
    try {
      await target.open();
    } catch {
      // Closed meanwhile: the failed attempt was the close's doing, and there is no next one.
      if (target.isClosing) return;
      continue;
    }
    if (target.isClosing) {
      await target.discard();
      return;
    }
    // Announced only once its catalogs are listed: a server that came back but whose tools
    // cannot be listed has not recovered.
    if (await target.ready()) {
      target.report('recovered', attempt);
      return;
    }
    if (target.giveUpReason !== undefined) {
      target.report('failed', attempt);
      return;
    }
  }
  target.report('failed', policy.maxAttempts === 0 ? undefined : policy.maxAttempts);
}
