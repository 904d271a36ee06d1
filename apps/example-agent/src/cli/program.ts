import { checkOptions, type OptionTable } from '@toolwright/utils';
import { Command, CommanderError } from 'commander';
import { registerApprovalsCommand } from './commands/approvals-command.js';
import { registerCallCommand } from './commands/call-command.js';
import { type CommandRuntime, ExitCode, type ProgramIo } from './commands/command-runtime.js';
import { registerDemoCommand } from './commands/demo-command.js';
import { registerMcpCommand } from './commands/mcp-command.js';
import { registerRunCommand } from './commands/run-command.js';
import { registerSearchCommand } from './commands/search-command.js';
import { registerToolsCommand } from './commands/tools-command.js';
import { registerTrustCommand } from './commands/trust-command.js';
import { invalidOption } from './invalid-option.js';
import { printableSink } from './printable.js';
import { versionReport } from './version-report.js';

export type { ProgramIo } from './commands/command-runtime.js';

// The sinks are made printable whatever they are.
const PROGRAM_IO: OptionTable<ProgramIo> = { stdout: { kind: 'custom' }, stderr: { kind: 'custom' } };
const RUNTIME: OptionTable<CommandRuntime> = { io: { kind: 'custom' }, fail: { kind: 'function' } };

/** `io` with both streams made printable (see {@link printableSink}). */
function printableIo(io: ProgramIo): ProgramIo {
  return { stdout: printableSink(io.stdout), stderr: printableSink(io.stderr) };
}

/**
 * The `toolwright-agent` command line, writing to `io`. `runtime.fail` records the exit code;
 * `src/cli.ts` runs it against the real process and tests can drive it in-process.
 */
export function createProgram(
  io: ProgramIo,
  runtime: CommandRuntime = { io, fail: () => undefined },
): Command {
  checkOptions('createProgram', io, PROGRAM_IO, invalidOption);
  checkOptions('createProgram', runtime, RUNTIME, invalidOption);
  // Every line goes out through the one sanitiser: tool results, file content, server errors and
  // MCP names reach many prints, and a print that forgot would hand the terminal raw escapes.
  io = printableIo(io);
  runtime = { io: printableIo(runtime.io), fail: runtime.fail };
  const program = new Command('toolwright-agent')
    .description(
      'The toolwright reference agent: built-in and MCP tools, any provider, a scripted model for offline use.',
    )
    .configureOutput({ writeOut: (text) => io.stdout.write(text), writeErr: (text) => io.stderr.write(text) })
    .option(
      '-V, --version',
      'print the versions of toolwright-agent and of the @toolwright packages it runs on',
    )
    .showHelpAfterError()
    .exitOverride();
  // Not commander's .version(text): that reads every package.json on each run, for any command.
  program.on('option:version', () => {
    io.stdout.write(`${versionReport().join('\n')}\n`);
    throw new CommanderError(ExitCode.Success, 'commander.version', 'version printed');
  });
  registerDemoCommand(program, runtime);
  registerRunCommand(program, runtime);
  registerToolsCommand(program, runtime);
  registerSearchCommand(program, runtime);
  registerCallCommand(program, runtime);
  registerMcpCommand(program, runtime);
  registerTrustCommand(program, runtime);
  registerApprovalsCommand(program, runtime);
  return program;
}

/**
 * Parses `argv` (without the node and script paths), runs the command and resolves to the exit
 * code: 0 success, 1 the task or a tool failed, 2 bad usage or configuration.
 */
export async function runProgram(argv: readonly string[], io: ProgramIo): Promise<number> {
  checkOptions('runProgram', io, PROGRAM_IO, invalidOption);
  io = printableIo(io);
  let exitCode: number = ExitCode.Success;
  const program = createProgram(io, { io, fail: (code) => (exitCode = Math.max(exitCode, code)) });
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    // With exitOverride commander throws instead of exiting: `--help` carries exit code 0; a
    // missing or unknown command or option is a usage error.
    return (error as { exitCode?: number }).exitCode === 0 ? ExitCode.Success : ExitCode.Usage;
  }
  return exitCode;
}
