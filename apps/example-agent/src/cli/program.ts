import type { ToolMode } from '@toolwright/registry';
import { type ProviderTarget, ToolwrightError } from '@toolwright/validation';
import { Command, InvalidArgumentError, Option } from 'commander';
import { AgentLoop } from '../agent/agent-loop.js';
import { runDemo } from '../demo/run-demo.js';
import { AgentError, AgentErrorCode } from '../errors.js';
import { createProvider } from '../providers/create-provider.js';
import { PROVIDER_IDS, type ProviderId } from '../providers/model-provider.js';
import { loadScenarioFile } from '../providers/scenario.js';
import { describeCatalog, formatCatalog } from './catalog-view.js';
import { type GlobalOptions, openCommandContext } from './command-context.js';
import { type LineSink, Transcript } from './transcript.js';

/** Where the program writes: stdout and stderr in the CLI, buffers in tests. */
export interface ProgramIo {
  stdout: LineSink;
  stderr: LineSink;
}

const PROVIDER_TARGETS: Record<ProviderId, ProviderTarget> = {
  anthropic: 'anthropic',
  'openai-chat': 'openai-chat',
  'openai-responses': 'openai-responses',
  gemini: 'gemini',
  'openai-compatible': 'openai-chat',
  scripted: 'anthropic',
};

function parseMode(value: string): ToolMode {
  if (value === 'plan' || value === 'default') return value;
  throw new InvalidArgumentError(`mode must be "plan" or "default", got "${value}".`);
}

function parseJsonArguments(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new AgentError(
      AgentErrorCode.ArgumentsInvalid,
      `The tool arguments are not valid JSON (${(error as Error).message}); pass one JSON object, e.g. '{"file_path":"README.md"}'.`,
    );
  }
}

interface CommonFlags extends GlobalOptions {
  json?: boolean;
}

/** Adds the options every command takes. */
function withCommonOptions(command: Command): Command {
  return command
    .option('-w, --workspace <dir>', 'workspace directory (default: the current directory)')
    .option('--config <file>', 'config file name in the workspace', 'toolwright.config.json')
    .option('--mcp-config <file>', 'MCP servers file in the workspace (default .mcp.json)')
    .option('--no-mcp', 'do not start the MCP servers of .mcp.json')
    .option('--json', 'one JSON object per line instead of the readable transcript');
}

/**
 * The `toolwright-agent` command line. Built as a function so tests can drive it in-process;
 * `src/cli.ts` runs it against the real process. Exit codes: 0 success, 1 the task or tool
 * failed, 2 bad usage or configuration.
 */
export function createProgram(io: ProgramIo): Command {
  const program = new Command('toolwright-agent')
    .description(
      'The toolwright reference agent: built-in and MCP tools, any provider, a scripted model for offline use.',
    )
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError()
    .exitOverride();

  const fail = (error: unknown): void => {
    const usage =
      ToolwrightError.isInstance(error) &&
      (error.code === AgentErrorCode.ConfigInvalid || error.code === 'mcp_config_invalid');
    const code = ToolwrightError.isInstance(error) ? ` [${error.code}]` : '';
    io.stderr.write(`toolwright-agent: ${error instanceof Error ? error.message : String(error)}${code}\n`);
    process.exitCode = usage ? 2 : 1;
  };
  const action =
    <A extends unknown[]>(run: (...args: A) => Promise<void>) =>
    async (...args: A): Promise<void> => {
      try {
        await run(...args);
      } catch (error) {
        fail(error);
      }
    };

  program
    .command('demo')
    .description(
      'walk through what the tool layer does: two MCP servers, a scripted model, no key, no network',
    )
    .option('--json', 'one JSON object per line')
    .option('--keep', 'keep the temporary workspace')
    .action(
      action(async (flags: { json?: boolean; keep?: boolean }) => {
        await runDemo({ sink: io.stdout, json: flags.json === true, keep: flags.keep === true });
      }),
    );

  withCommonOptions(
    program
      .command('run')
      .description('run one task with the configured model (or a scenario file with the scripted model)')
      .argument('<task>', 'what the agent should do'),
  )
    .addOption(new Option('--provider <id>', 'model provider').choices(PROVIDER_IDS))
    .option('--model <name>', 'model name')
    .option('--base-url <url>', 'OpenAI-compatible endpoint')
    .option('--scenario <file>', 'scenario file for the scripted model')
    .option('--mode <mode>', 'plan or default', parseMode)
    .option('--max-turns <n>', 'model turns before stopping', (value) => Number.parseInt(value, 10))
    .action(
      action(
        async (
          task: string,
          flags: CommonFlags & {
            provider?: ProviderId;
            model?: string;
            baseUrl?: string;
            scenario?: string;
            maxTurns?: number;
          },
        ) => {
          const transcript = new Transcript(io.stdout, { json: flags.json === true });
          const context = await openCommandContext(flags, transcript);
          try {
            const provider = await createProvider({
              ...((flags.provider ?? context.config.provider) !== undefined
                ? { provider: (flags.provider ?? context.config.provider) as ProviderId }
                : {}),
              ...((flags.model ?? context.config.model) !== undefined
                ? { model: (flags.model ?? context.config.model) as string }
                : {}),
              ...((flags.baseUrl ?? context.config.baseUrl) !== undefined
                ? { baseUrl: (flags.baseUrl ?? context.config.baseUrl) as string }
                : {}),
              ...(flags.scenario === undefined ? {} : { scenario: loadScenarioFile(flags.scenario) }),
            });
            transcript.info(
              `provider ${provider.id}, model ${provider.model}, mode ${context.session.mode.current}`,
            );
            const loop = new AgentLoop({
              provider,
              registry: context.session.registry,
              executor: context.session.executor,
              mode: context.session.mode,
              maxTurns: flags.maxTurns ?? context.config.maxTurns ?? 25,
              onEvent: (event) => transcript.agentEvent(event),
            });
            const result = await loop.run(task);
            transcript.info(`done in ${result.turns} turns (${result.stopReason})`, {
              stopReason: result.stopReason,
              finalText: result.finalText,
            });
            if (result.stopReason !== 'completed') process.exitCode = 1;
          } finally {
            await context.close();
          }
        },
      ),
    );

  withCommonOptions(program.command('tools').description('show the tool catalog the model would see'))
    .addOption(
      new Option('--provider <id>', 'provider whose dialect to show')
        .choices(PROVIDER_IDS)
        .default('anthropic'),
    )
    .option('--mode <mode>', 'plan or default', parseMode, 'default')
    .action(
      action(async (flags: CommonFlags & { provider: ProviderId; mode: ToolMode }) => {
        const transcript = new Transcript(io.stderr, { json: false });
        const context = await openCommandContext({ ...flags, json: false } as GlobalOptions, transcript);
        try {
          const view = describeCatalog(
            context.session.registry,
            PROVIDER_TARGETS[flags.provider],
            flags.mode,
          );
          if (flags.json === true) io.stdout.write(`${JSON.stringify(view, null, 2)}\n`);
          else io.stdout.write(`${formatCatalog(view, { listTools: true }).join('\n')}\n`);
        } finally {
          await context.close();
        }
      }),
    );

  withCommonOptions(
    program
      .command('search')
      .description('search the catalog as ToolSearch does')
      .argument('<query>', 'keywords, select:Name,Other or /regex/'),
  ).action(
    action(async (query: string, flags: CommonFlags) => {
      const transcript = new Transcript(io.stderr, { json: false });
      const context = await openCommandContext(flags, transcript);
      try {
        const result = context.session.registry.search(query);
        const matches = result.matches.map((tool) => ({
          name: tool.name,
          kind: tool.kind,
          source: tool.source.type,
          description: tool.description.short,
        }));
        if (flags.json === true) {
          io.stdout.write(
            `${JSON.stringify({ kind: result.kind, matches, missing: result.missing, suggestions: result.suggestions })}\n`,
          );
        } else {
          const lines = matches.map(
            (match) => `${match.name.padEnd(40)} ${match.kind.padEnd(10)} ${match.description}`,
          );
          if (result.missing.length > 0) lines.push(`not found: ${result.missing.join(', ')}`);
          if (lines.length === 0) {
            lines.push(
              `no tools match ${JSON.stringify(query)}${result.suggestions.length > 0 ? `; did you mean ${result.suggestions.join(', ')}?` : ''}`,
            );
          }
          io.stdout.write(`${lines.join('\n')}\n`);
        }
      } finally {
        await context.close();
      }
    }),
  );

  withCommonOptions(
    program
      .command('call')
      .description('call one tool directly, through the same executor and permission checks as the agent')
      .argument('<tool>', 'tool name, e.g. Read or mcp__server__tool')
      .argument('[args]', 'JSON object of arguments', '{}'),
  )
    .option('--mode <mode>', 'plan or default', parseMode)
    .action(
      action(async (toolName: string, argumentText: string, flags: CommonFlags) => {
        const transcript = new Transcript(io.stderr, { json: false });
        const context = await openCommandContext(flags, transcript);
        try {
          const args = parseJsonArguments(argumentText);
          if (context.session.registry.get(toolName) === undefined) {
            throw new AgentError(
              AgentErrorCode.ToolNotFound,
              `No tool named "${toolName}". Known tools: ${context.session.registry
                .getAll()
                .map((tool) => tool.name)
                .join(', ')}.`,
            );
          }
          const [executed] = await context.session.executor.executeBatch([
            { id: 'cli-call', name: toolName, arguments: args },
          ]);
          if (executed === undefined) return;
          if (flags.json === true) {
            io.stdout.write(
              `${JSON.stringify({ status: executed.status, content: executed.content, artifacts: executed.result.artifacts ?? [], error: executed.result.error })}\n`,
            );
          } else {
            io.stdout.write(`${executed.content}\n`);
          }
          if (executed.status !== 'success') {
            io.stderr.write(
              `toolwright-agent: ${toolName} ${executed.status}${executed.result.error === undefined ? '' : `: ${executed.result.error.message.split('\n')[0]}`}\n`,
            );
            process.exitCode = 1;
          }
        } finally {
          await context.close();
        }
      }),
    );

  const mcp = program.command('mcp').description('MCP servers of .mcp.json');
  withCommonOptions(
    mcp.command('list').description('connect every server and show its state and tool count'),
  ).action(
    action(async (flags: CommonFlags) => {
      const transcript = new Transcript(io.stderr, { json: false });
      const context = await openCommandContext(flags, transcript);
      try {
        const statuses = context.servers?.statuses() ?? [];
        if (flags.json === true) io.stdout.write(`${JSON.stringify(statuses)}\n`);
        else if (statuses.length === 0)
          io.stdout.write('no MCP servers configured (add them to .mcp.json under "mcpServers")\n');
        else {
          for (const status of statuses) {
            io.stdout.write(
              `${status.server.padEnd(20)} ${status.phase.padEnd(12)} ${String(status.tools).padStart(4)} tools${status.lastError === undefined ? '' : `  ${status.lastError}`}\n`,
            );
          }
        }
        if (statuses.some((status) => status.phase === 'failed')) process.exitCode = 1;
      } finally {
        await context.close();
      }
    }),
  );
  return program;
}

/** Parses argv and runs the command; resolves to the exit code. */
export async function runProgram(argv: readonly string[], io: ProgramIo): Promise<number> {
  const program = createProgram(io);
  process.exitCode = undefined;
  try {
    await program.parseAsync([...argv], { from: 'user' });
  } catch (error) {
    // exitOverride: commander throws instead of exiting; help and version are successes.
    const commanderError = error as { code?: string; exitCode?: number };
    if (
      commanderError.code === 'commander.helpDisplayed' ||
      commanderError.code === 'commander.version' ||
      commanderError.code === 'commander.help'
    )
      return 0;
    return commanderError.exitCode === undefined ? 1 : 2;
  }
  const code = typeof process.exitCode === 'number' ? process.exitCode : 0;
  process.exitCode = undefined;
  return code;
}
