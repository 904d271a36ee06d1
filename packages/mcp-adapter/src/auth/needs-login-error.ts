/**
 * Thrown inside the SDK's `auth()` when a server needs the user to log in and the run cannot
 * ask (no `onAuthorizationUrl`): the connection becomes `needs_auth`, and the message names
 * the command that logs in.
 */
export class NeedsLoginError extends Error {
  readonly server: string;
  readonly loginCommand: string;

  constructor(server: string, why: string, loginCommand: string) {
    super(`MCP server "${server}" needs you to log in (${why}); run \`${loginCommand}\``);
    this.name = 'NeedsLoginError';
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
