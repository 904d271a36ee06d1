import { brandErrorClass, type ErrorClassGuard } from '../error-brand.js';
import { ToolwrightError } from '../toolwright-error.js';

/**
 * Every code a {@link PrivateFileError} can carry; the same words as the artifact store's codes
 * for the same refusals.
 *
 * - `invalid_request`: a file or directory name that could leave the directory.
 * - `unsafe_directory`: a directory of the chain is a link, not ours, or of another mode; or a
 *   root others could use to swap it.
 * - `unsafe_entry`: a file is a link, not a regular file, not ours, of another mode or has more
 *   than one link.
 * - `io_failed`: the file system refused an operation.
 * - `unsupported_platform`: the platform lacks POSIX owners and modes.
 */
export const PrivateFileErrorCode = {
  InvalidRequest: 'invalid_request',
  UnsafeDirectory: 'unsafe_directory',
  UnsafeEntry: 'unsafe_entry',
  IoFailed: 'io_failed',
  UnsupportedPlatform: 'unsupported_platform',
} as const;

/** The string union of {@link PrivateFileErrorCode} values. */
export type PrivateFileErrorCode = (typeof PrivateFileErrorCode)[keyof typeof PrivateFileErrorCode];

/** What private files and directories throw: a `ToolwrightError` naming the path concerned. */
export class PrivateFileError extends ToolwrightError<PrivateFileErrorCode> {
  /** The file or directory concerned. */
  readonly path: string | undefined;

  /** True for a `PrivateFileError` from any installed copy of this package. */
  declare static readonly isInstance: ErrorClassGuard<PrivateFileError>;

  static {
    brandErrorClass(PrivateFileError, 'toolwright.utils.PrivateFileError');
  }

  /** Creates an error; `message` must say what was wrong and what would be accepted. */
  constructor(code: PrivateFileErrorCode, message: string, details: { path?: string; cause?: unknown } = {}) {
    super(code, message, details.cause === undefined ? {} : { cause: details.cause });
    this.path = details.path;
  }
}

/** An unexpected file-system failure as `io_failed`, naming the operation and the path. */
export function ioFailure(operation: string, path: string, cause: unknown): PrivateFileError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new PrivateFileError('io_failed', `Could not ${operation} ${path}: ${reason}`, { path, cause });
}

/** The errno code of a Node file-system error (`ENOENT`, ...), or undefined. */
export function errnoCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}
