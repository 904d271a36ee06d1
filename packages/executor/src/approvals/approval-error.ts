import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Which check refused an answer to a pending approval.
 *
 * - `forged`: the record's signature is not the host key's (made or edited without the key).
 * - `expired`: answered after the record's `expiresAt`.
 * - `replayed`: the record was already answered (it is no longer in the store).
 * - `arguments_mismatch`: the call to resume has other arguments than the ones approved.
 * - `tool_changed`: the tool's definition changed since the call asked (its fingerprint differs).
 * - `tool_mismatch`: the call to resume is of another tool or another call id.
 * - `invalid_record`: the stored value is not a pending-approval record of a version this
 *   executor reads.
 */
export const ApprovalErrorCode = {
  Forged: 'forged',
  Expired: 'expired',
  Replayed: 'replayed',
  ArgumentsMismatch: 'arguments_mismatch',
  ToolChanged: 'tool_changed',
  ToolMismatch: 'tool_mismatch',
  InvalidRecord: 'invalid_record',
} as const;

/** One of the codes in {@link ApprovalErrorCode}. */
export type ApprovalErrorCode = (typeof ApprovalErrorCode)[keyof typeof ApprovalErrorCode];

/** An answer to a pending approval was refused; `code` names the check that failed. */
export class ApprovalError extends ToolwrightError<ApprovalErrorCode> {
  /** True for an error of this class, including one thrown by another installed copy. */
  declare static readonly isInstance: ErrorClassGuard<ApprovalError>;

  static {
    brandErrorClass(ApprovalError, 'toolwright.executor.ApprovalError');
  }
}
