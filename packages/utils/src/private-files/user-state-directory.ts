import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * toolwright's per-user state directory: `$XDG_STATE_HOME/toolwright`, or
 * `~/.local/state/toolwright`. A relative `XDG_STATE_HOME` is ignored, as the XDG base directory
 * rules say: it would resolve against the current directory, which may be a workspace that a
 * cloned repository controls, and state kept there (trust records, OAuth tokens) must never be.
 * Every package that keeps per-user state derives its directory from this one.
 */
export function userStateDirectory(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const configured = env.XDG_STATE_HOME;
  const stateHome =
    configured !== undefined && isAbsolute(configured) ? configured : join(home, '.local', 'state');
  return join(stateHome, 'toolwright');
}
