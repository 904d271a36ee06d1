import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { AgentError, type AgentErrorCode } from '../errors.js';

/** Where a path came from, for the message: the flag or config key that named it. */
export interface PathOrigin {
  /** How the user named it, e.g. `--config` or `"mcpConfig" in /work/toolwright.config.json`. */
  readonly name: string;
  /** The directory a relative path is resolved against, and how to call it in a message. */
  readonly base: { readonly path: string; readonly description: string };
  /** The code of the error: `option_invalid` for a flag, `config_invalid` for a config key. */
  readonly code: typeof AgentErrorCode.OptionInvalid | typeof AgentErrorCode.ConfigInvalid;
  /** A hint appended to the message, e.g. how to fall back to the default. */
  readonly hint?: string;
}

type PathKind = 'file' | 'directory';

/**
 * The absolute path of a file or directory the user named, which must exist and be of that
 * kind. A name given on purpose that points nowhere is a typo; going on with the defaults
 * would run the command against a different setup than the user asked for, silently.
 */
export function requireNamedPath(value: string, kind: PathKind, origin: PathOrigin): string {
  const path = resolve(origin.base.path, value);
  const found = statSync(path, { throwIfNoEntry: false });
  const problem =
    found === undefined
      ? `no such ${kind} ${path}`
      : (kind === 'file' ? found.isFile() : found.isDirectory())
        ? undefined
        : `${path} is not a ${kind}`;
  if (problem === undefined) return path;
  const accepted = `expected an existing ${kind} (absolute, or relative to ${origin.base.description} ${origin.base.path})`;
  throw new AgentError(
    origin.code,
    `${origin.name} ${value}: ${problem}; ${accepted}.${origin.hint === undefined ? '' : ` ${origin.hint}`}`,
  );
}
