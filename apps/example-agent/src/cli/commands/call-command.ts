import type { Command } from 'commander';
import {
  type CommandRuntime,
  type CommonFlags,
  commandAction,
  parseMode,
  withCommonOptions,
} from './command-runtime.js';

// The definition of `call` only: what it does is in call-action.ts, loaded when it runs.

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
        const { callCommand } = await import('./call-action.js');
        await callCommand(runtime, toolName, argumentText, flags);
      }),
    );
}
