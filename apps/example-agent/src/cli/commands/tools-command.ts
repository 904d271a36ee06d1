import type { ToolMode } from '@toolwright/registry';
import { type Command, Option } from 'commander';
import { PROVIDER_IDS, type ProviderId } from '../../providers/model-provider.js';
import {
  type CommandRuntime,
  type CommonFlags,
  commandAction,
  parseMode,
  withCommonOptions,
} from './command-runtime.js';

// The definition of `tools` only: what it does is in tools-action.ts, loaded when it runs.

/** `tools`: the catalog the model would see for a provider and mode, with token estimates. */
export function registerToolsCommand(program: Command, runtime: CommandRuntime): void {
  withCommonOptions(program.command('tools').description('show the tool catalog the model would see'))
    .addOption(
      new Option('--provider <id>', 'provider whose dialect to show')
        .choices(PROVIDER_IDS)
        .default('anthropic'),
    )
    .option('--mode <mode>', 'plan or default', parseMode, 'default')
    .action(
      commandAction(runtime, async (flags: CommonFlags & { provider: ProviderId; mode: ToolMode }) => {
        const { toolsCommand } = await import('./tools-action.js');
        await toolsCommand(runtime, flags);
      }),
    );
}
