import type { ToolMode } from '@toolwright/registry';
import { ToolwrightError } from '@toolwright/utils';
import { type Command, InvalidArgumentError } from 'commander';
import { AgentErrorCode } from '../../errors.js';
import type { GlobalOptions } from '../command-context.js';
import type { LineSink } from '../transcript.js';

/** Where the program writes: stdout and stderr in the CLI, buffers in tests. */
export interface ProgramIo {
  stdout: LineSink;
  stderr: LineSink;
}

/** Exit codes of `toolwright-agent`. */
export const ExitCode = { Success: 0, Failure: 1, Usage: 2 } as const;

/** What each command gets: the output streams and a way to set the exit code. */
export interface CommandRuntime {
  readonly io: ProgramIo;
  /** Records a failure; the highest code wins (usage over failure). */
  fail(code: (typeof ExitCode)[keyof typeof ExitCode]): void;
}

/** The flags every workspace command takes. */
export interface CommonFlags extends GlobalOptions {
  json?: boolean;
}

/** Adds the options every workspace command takes. */
export function withCommonOptions(command: Command): Command {
  return (
    command
      .option(
        '-w, --workspace <dir>',
        'workspace directory, which must exist (default: the current directory)',
      )
      // No commander default: a file named on purpose must exist, the default one may be absent.
      .option(
        '--config <file>',
        'config file, relative to the workspace (default: toolwright.config.json, if present)',
      )
      .option(
        '--mcp-config <file>',
        'MCP servers file, relative to the workspace (default: .mcp.json, if present)',
      )
      .option('--no-mcp', 'do not start the MCP servers of .mcp.json')
      .option(
        '--trust-workspace',
        "use the workspace's own config (toolwright.config.json, .mcp.json) for this run, without recording trust",
      )
      .option('--session <id>', 'reuse a session id, to resume its task list')
      .option(
        '--store <url>',
        'redis://… a fleet shares for pending approvals, session artifacts and MCP OAuth tokens (needs TOOLWRIGHT_APPROVAL_KEY, and TOOLWRIGHT_OAUTH_KEY with OAuth servers; default: this machine)',
      )
      .option('--json', 'machine-readable JSON output')
  );
}

/** Parses `--mode`. */
export function parseMode(value: string): ToolMode {
  if (value === 'plan' || value === 'default') return value;
  throw new InvalidArgumentError(`mode must be "plan" or "default", got "${value}".`);
}

/** Codes that mean the user's input was wrong (exit 2), not that the work failed (exit 1). */
const USAGE_ERROR_CODES: ReadonlySet<string> = new Set([
  AgentErrorCode.ConfigInvalid,
  AgentErrorCode.OptionInvalid,
  'config_invalid',
  'invalid_session_id',
  'invalid_permission_rule',
]);

/**
 * Wraps a command's action: an error is printed once, with its code, and becomes exit code 2
 * for bad configuration or 1 for anything else — never an unhandled stack trace.
 */
export function commandAction<A extends unknown[]>(
  runtime: CommandRuntime,
  run: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await run(...args);
    } catch (error) {
      const isToolwright = ToolwrightError.isInstance(error);
      const usage = isToolwright && USAGE_ERROR_CODES.has(error.code);
      const message = error instanceof Error ? error.message : String(error);
      runtime.io.stderr.write(`toolwright-agent: ${message}${isToolwright ? ` [${error.code}]` : ''}\n`);
      runtime.fail(usage ? ExitCode.Usage : ExitCode.Failure);
    }
  };
}
