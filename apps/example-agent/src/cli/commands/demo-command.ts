import type { Command } from 'commander';
import { type CommandRuntime, commandAction } from './command-runtime.js';

/** `demo`: the README's first command. */
export function registerDemoCommand(program: Command, runtime: CommandRuntime): void {
  program
    .command('demo')
    .description(
      'walk through what the tool layer does: two MCP servers, a scripted model, no key, no network',
    )
    .option('--json', 'one JSON object per line')
    .option('--keep', 'keep the temporary workspace')
    .action(
      commandAction(runtime, async (flags: { json?: boolean; keep?: boolean }) => {
        // Loaded when the demo runs: `--help` and `--version` load neither the agent nor the SDKs.
        const { runDemo } = await import('../../demo/run-demo.js');
        await runDemo({ sink: runtime.io.stdout, json: flags.json === true, keep: flags.keep === true });
      }),
    );
}
