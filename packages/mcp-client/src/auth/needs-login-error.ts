import { brandErrorClass, type ErrorClassGuard, ToolwrightError } from '@toolwright/utils';

/**
 * Thrown inside the SDK's `auth()` when a server needs the user to log in and the run cannot
 * ask (no `onAuthorizationUrl`): the connection becomes `needs_auth`, and the message names
 * the command that logs in.
 */
export class NeedsLoginError extends ToolwrightError {
  readonly server: string;
  readonly loginCommand: string;

  declare static readonly isInstance: ErrorClassGuard<NeedsLoginError>;

  static {
    brandErrorClass(NeedsLoginError, 'toolwright.mcp-adapter.NeedsLoginError');
  }

  constructor(server: string, why: string, loginCommand: string) {
    super('needs_auth', `MCP server "${server}" needs you to log in (${why}); run \`${loginCommand}\``);
    this.server = server;
    this.loginCommand = loginCommand;
  }
}

/** The {@link NeedsLoginError} in `error` or its causes, if any. */
export function needsLoginIn(error: unknown): NeedsLoginError | undefined {
  let current = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    if (current instanceof NeedsLoginError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
