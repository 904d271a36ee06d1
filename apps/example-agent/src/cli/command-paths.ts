import { resolve } from 'node:path';
import { CONFIG_FILE_NAME } from '../config/agent-config.js';
import { AgentErrorCode } from '../errors.js';
import { requireNamedPath } from './named-path.js';

/** The workspace and config file a command runs with, as absolute paths. */
export interface CommandPaths {
  readonly workspaceRoot: string;
  /** `--config`, else `toolwright.config.json` in the workspace (which may be absent). */
  readonly configFile: string;
}

/**
 * Resolves `--workspace` (against the current directory) and `--config` (against the
 * workspace). Each must exist when given; only the defaults may be absent.
 */
export function resolveCommandPaths(options: { workspace?: string; config?: string }): CommandPaths {
  const cwd = process.cwd();
  const workspaceRoot =
    options.workspace === undefined
      ? cwd
      : requireNamedPath(options.workspace, 'directory', {
          name: '--workspace',
          base: { path: cwd, description: 'the current directory' },
          code: AgentErrorCode.OptionInvalid,
        });
  const inWorkspace = { path: workspaceRoot, description: 'the workspace' };
  const configFile =
    options.config === undefined
      ? resolve(workspaceRoot, CONFIG_FILE_NAME)
      : requireNamedPath(options.config, 'file', {
          name: '--config',
          base: inWorkspace,
          code: AgentErrorCode.OptionInvalid,
          hint: `Leave --config out to use ${CONFIG_FILE_NAME} when the workspace has one.`,
        });
  return { workspaceRoot, configFile };
}
