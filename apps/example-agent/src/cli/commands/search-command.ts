import type { Command } from 'commander';
import {
  type CommandRuntime,
  type CommonFlags,
  commandAction,
  withCommonOptions,
} from './command-runtime.js';

// The definition of `search` only: what it does is in search-action.ts, loaded when it runs.

/** `search <query>`: the registry search behind ToolSearch, from the command line. */
export function registerSearchCommand(program: Command, runtime: CommandRuntime): void {
  withCommonOptions(
    program
      .command('search')
      .description('search the catalog as ToolSearch does')
      .argument('<query>', 'keywords, select:Name,Other or /regex/'),
  ).action(
    commandAction(runtime, async (query: string, flags: CommonFlags) => {
      const { searchCommand } = await import('./search-action.js');
      await searchCommand(runtime, query, flags);
    }),
  );
}
