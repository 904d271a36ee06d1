import { PrivateDirectory } from '@toolwright/utils/private-files';
import { McpClientError, McpClientErrorCode } from './errors.js';

/**
 * Runs one step on the adapter's private state (OAuth tokens and registrations, folder trust
 * records) and turns anything it throws that is not already the adapter's own error — the
 * `PrivateFileError` of a `PrivateDirectory` that is a link, another user's or of a loose mode,
 * or a raw Node error — into an {@link McpClientError} `state_unsafe` naming `owner` and the
 * place, with the original as `cause`. A host that catches `McpClientError` around the adapter
 * then catches everything it throws.
 */
export function guardPrivateState<T>(owner: string, place: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (McpClientError.isInstance(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    // The underlying code (`unsafe_directory`, `EACCES`, ...) stays in the words, for a reader of a log.
    const code = (error as { code?: unknown } | null)?.code;
    const codeNote = typeof code === 'string' ? ` (${code})` : '';
    throw new McpClientError(
      McpClientErrorCode.StateUnsafe,
      `${owner}: the private state in ${place} cannot be used${codeNote}: ${reason}`,
      { cause: error },
    );
  }
}

/**
 * A `PrivateDirectory` whose every operation goes through {@link guardPrivateState}, so what it
 * throws is an `McpClientError`.
 */
export class GuardedPrivateDirectory {
  readonly #owner: string;
  readonly #directory: PrivateDirectory;

  /** Opens (creating when missing) `root/…segments` as `PrivateDirectory` does. */
  constructor(owner: string, root: string, ...segments: string[]) {
    this.#owner = owner;
    this.#directory = guardPrivateState(owner, root, () => new PrivateDirectory(root, ...segments));
  }

  /** The directory's path. */
  get path(): string {
    return this.#directory.path;
  }

  /** As `PrivateDirectory.read`. */
  read(name: string): Buffer | undefined {
    return guardPrivateState(this.#owner, this.path, () => this.#directory.read(name));
  }

  /** As `PrivateDirectory.write`. */
  write(name: string, bytes: Uint8Array): void {
    guardPrivateState(this.#owner, this.path, () => this.#directory.write(name, bytes));
  }

  /** As `PrivateDirectory.remove`. */
  remove(name: string): boolean {
    return guardPrivateState(this.#owner, this.path, () => this.#directory.remove(name));
  }
}
