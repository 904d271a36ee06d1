import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Every code an {@link ArtifactStoreError} can carry.
 *
 * - `invalid_option`: a constructor option is malformed (the message names the option).
 * - `invalid_request`: a `write`, `read` or `spill` argument is malformed.
 * - `request_rejected`: the host's `validateRequest` hook refused the request.
 * - `item_too_large`: one artifact exceeds `limits.maxItemBytes`.
 * - `too_many_items`: the session already holds `limits.maxItems` artifacts.
 * - `session_quota_exceeded`: the write would take the session past `limits.maxSessionBytes`.
 * - `unsafe_directory`: a directory of the store's chain is a link, not ours, or not mode 0700.
 * - `unsafe_entry`: an entry of the session directory is a link, foreign, or has the wrong owner or mode.
 * - `verification_failed`: a stored artifact drifted (owner, mode, size, links or content hash).
 * - `not_found`: no artifact with that id in this session.
 * - `lock_timeout`: another writer held the session lock for longer than the wait allows.
 * - `io_failed`: the file system refused an operation the store needed.
 * - `unsupported_platform`: the platform lacks POSIX owners and modes.
 */
export const ArtifactStoreErrorCode = {
  InvalidOption: 'invalid_option',
  InvalidRequest: 'invalid_request',
  RequestRejected: 'request_rejected',
  ItemTooLarge: 'item_too_large',
  TooManyItems: 'too_many_items',
  SessionQuotaExceeded: 'session_quota_exceeded',
  UnsafeDirectory: 'unsafe_directory',
  UnsafeEntry: 'unsafe_entry',
  VerificationFailed: 'verification_failed',
  NotFound: 'not_found',
  LockTimeout: 'lock_timeout',
  IoFailed: 'io_failed',
  UnsupportedPlatform: 'unsupported_platform',
} as const;

/** The string union of {@link ArtifactStoreErrorCode} values. */
export type ArtifactStoreErrorCode = (typeof ArtifactStoreErrorCode)[keyof typeof ArtifactStoreErrorCode];

/** Extra facts an {@link ArtifactStoreError} carries for hosts that act on them programmatically. */
export interface ArtifactStoreErrorDetails {
  /** The file or directory the error is about, when there is one. */
  path?: string;
  /** The option or request field the error is about, when there is one. */
  option?: string;
  /** The underlying error (an `ErrnoException`, a hook's error). */
  cause?: unknown;
}

/**
 * The one error class of `@toolwright/artifacts`: a `ToolwrightError` carrying a string
 * {@link ArtifactStoreErrorCode}, so `ToolwrightError.isInstance(error)` recognises it too.
 */
export class ArtifactStoreError extends ToolwrightError<ArtifactStoreErrorCode> {
  /** The file or directory concerned, if any. */
  readonly path: string | undefined;
  /** The option or request field concerned, if any. */
  readonly option: string | undefined;

  /** True for an `ArtifactStoreError` from any installed copy of this package. */
  declare static readonly isInstance: ErrorClassGuard<ArtifactStoreError>;

  static {
    brandErrorClass(ArtifactStoreError, 'toolwright.artifacts.ArtifactStoreError', {
      formerKeys: ['toolwright.artifact-store-error'],
    });
  }

  /** Creates an error; `message` must say what was wrong and what would be accepted. */
  constructor(code: ArtifactStoreErrorCode, message: string, details: ArtifactStoreErrorDetails = {}) {
    super(code, message, details.cause === undefined ? {} : { cause: details.cause });
    this.path = details.path;
    this.option = details.option;
  }
}

/** Wraps an unexpected file-system failure, naming the operation and the path. */
export function ioFailure(operation: string, path: string, cause: unknown): ArtifactStoreError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ArtifactStoreError(
    ArtifactStoreErrorCode.IoFailed,
    `Could not ${operation} ${path}: ${reason}`,
    {
      path,
      cause,
    },
  );
}
