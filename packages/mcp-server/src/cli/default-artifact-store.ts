import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { PrivateDirectory, SessionArtifactStore, userStateDirectory } from '@toolwright/artifacts';

/** Where the default artifact root is looked for: the process's environment, home and uid. */
export interface ArtifactRootEnvironment {
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly home: string;
  readonly uid: number;
}

function currentEnvironment(): ArtifactRootEnvironment {
  return { env: process.env, home: homedir(), uid: process.getuid?.() ?? -1 };
}

/**
 * The bin's artifact store when the config module brings none: private (0700/0600, owner
 * checked) under `root` (default {@link defaultArtifactRoot}), one session per process, so that
 * what one run stored is never served by another and can be removed when the process ends.
 */
export function createDefaultArtifactStore(
  root: string | undefined,
  environment: ArtifactRootEnvironment = currentEnvironment(),
): SessionArtifactStore {
  return new SessionArtifactStore({
    root: root ?? defaultArtifactRoot(environment),
    namespace: 'mcp-server',
    sessionId: `${process.pid}-${randomUUID()}`,
    // Clients read a spilled output as the resource its result links to, not through a tool:
    // the marker must not name a call they cannot make.
    readBackTool: false,
  });
}

/**
 * The user's own artifact root, made (or checked) as a private directory: a real directory of
 * this user with mode 0700, never a link. A fixed directory shared by every user (in the system's
 * temporary directory, say) could be created first by another user, who would then read or
 * replace what the server stores; a per-user one cannot. It is
 * `$XDG_RUNTIME_DIR/toolwright-mcp-server` when that variable names an absolute directory this
 * user owns (the XDG base directory rules: the runtime directory is the user's alone and is
 * emptied at logout), else `$XDG_STATE_HOME/toolwright/mcp-server`, with `~/.local/state` when
 * `XDG_STATE_HOME` is unset or not absolute.
 *
 * @throws Error naming the directory and what is wrong with it (another owner, a link, another
 *   mode) and the option that chooses another one.
 */
export function defaultArtifactRoot(environment: ArtifactRootEnvironment = currentEnvironment()): string {
  const runtime = environment.env.XDG_RUNTIME_DIR;
  const [parent, name] =
    runtime !== undefined && isAbsolute(runtime) && isOwnDirectory(runtime, environment.uid)
      ? [runtime, 'toolwright-mcp-server']
      : [userStateDirectory(environment.env, environment.home), 'mcp-server'];
  try {
    // The parent follows the storage-root rules (this user's or root's, and only writable by
    // others when sticky); the directory itself must be this user's, 0700 and not a link.
    return new PrivateDirectory(parent, name).path;
  } catch (error) {
    throw new Error(
      `Cannot use the default artifact directory ${join(parent, name)}: ${error instanceof Error ? error.message : String(error)} ` +
        'Remove it, or pass --artifacts-dir <dir> to store artifacts elsewhere.',
      { cause: error },
    );
  }
}

function isOwnDirectory(path: string, uid: number): boolean {
  try {
    const stats = statSync(path);
    return stats.isDirectory() && stats.uid === uid;
  } catch {
    return false;
  }
}
