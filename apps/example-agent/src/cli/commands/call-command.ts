import { randomUUID } from 'node:crypto';
import { didYouMean } from '@toolwright/utils';
import type { Command } from 'commander';
import { AgentError, AgentErrorCode } from '../../errors.js';
import { openCommandContext } from '../command-context.js';
import { Transcript } from '../transcript.js';
import {
  type CommandRuntime,
  type CommonFlags,
  commandAction,
  parseMode,
  withCommonOptions,
} from './command-runtime.js';
import { writeExecutedCall } from './executed-call-output.js';

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

/** `call <tool> '<json>'`: one call through the agent's own executor and permission checks. */
export function registerCallCommand(program: Command, runtime: CommandRuntime): void {
  withCommonOptions(
    program
      .command('call')
      .description('call one tool directly, through the same executor and permission checks as the agent')
      .argument('<tool>', 'tool name, e.g. Read or mcp__server__tool')
      .argument('[args]', 'JSON object of arguments', '{}'),
  )
    .option('--mode <mode>', 'plan or default', parseMode)
    .action(
      commandAction(runtime, async (toolName: string, argumentText: string, flags: CommonFlags) => {
        const args = parseJsonArguments(argumentText);
        // The result goes to stdout below; the progress on stderr leaves it out, or it shows twice.
        const progress = new Transcript(runtime.io.stderr, { showContent: false });
        const context = await openCommandContext(flags, progress, undefined, runtime.io.stderr);
        try {
          const { registry, executor } = context.session;
          if (registry.get(toolName) === undefined) {
            const known = registry.getAll().map((tool) => tool.name);
            throw new AgentError(
              AgentErrorCode.ToolNotFound,
              `No tool named "${toolName}"${didYouMean(toolName, known)}. ` +
                `\`toolwright-agent tools\` lists all ${known.length}; \`toolwright-agent search <words>\` finds them by what they do.`,
            );
          }
          // A person naming the tool on the command line has chosen it as `select:` would: the
          // deferred-tool refusal protects the model from guessing, not the user.
          registry.deferred.markLoaded([toolName]);
          const [executed] = await executor.executeBatch([
            // Each command-line call is a call of its own: its id (and so its idempotency key) is new.
            { id: `cli-${randomUUID()}`, name: toolName, arguments: args },
          ]);
          if (executed !== undefined) writeExecutedCall(runtime, executed, { json: flags.json === true });
        } finally {
          await context.close();
        }
      }),
    );
}
