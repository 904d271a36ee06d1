import type { Command } from 'commander';
import {
  type CommandRuntime,
  type CommonFlags,
  commandAction,
  withCommonOptions,
} from './command-runtime.js';

// The definition of `approvals` (its subcommands, options and help) only: what they do is in
// approvals-action.ts, loaded when one runs.

/** The flags of `approvals approve`. */
export interface AnswerFlags extends CommonFlags {
  always?: boolean;
  sameArguments?: boolean;
  matching?: string;
}

/**
 * `approvals`: the calls that asked for approval in a run with nobody to ask (no terminal) wait
 * here, as signed records in the state directory. `approvals` lists them; `approvals approve <id>`
 * resumes exactly that call — same call id, same tool definition, same arguments — in this
 * process, through the same executor and permission checks as the agent; `approvals deny <id>`
 * drops it. An answer counts once; a forged, expired, replayed or changed one is refused, naming why.
 */
export function registerApprovalsCommand(program: Command, runtime: CommandRuntime): void {
  const approvals = program
    .command('approvals')
    .description('list the calls waiting for approval, or answer one: approve (resumes the call) or deny');
  withCommonOptions(
    approvals.command('list', { isDefault: true }).description('list the pending approvals'),
  ).action(
    commandAction(runtime, async (flags: CommonFlags) => {
      const { listApprovals } = await import('./approvals-action.js');
      await listApprovals(runtime, flags);
    }),
  );
  withCommonOptions(
    approvals
      .command('approve')
      .description('approve a pending call and run it now, exactly as it asked')
      .argument('<id>', 'the approval id, as `approvals` lists it'),
  )
    .option('--always', 'also allow this tool from now on, as long as its definition stays the same')
    .option('--same-arguments', 'with --always: only calls with these same arguments')
    .option(
      '--matching <pattern>',
      "with --always: only calls a rule of the tool with this pattern covers, e.g. 'docs/**' (paths, judged where they really are) or 'npm run test:*'",
    )
    .action(
      commandAction(runtime, async (id: string, flags: AnswerFlags) => {
        const { answerApproval } = await import('./approvals-action.js');
        await answerApproval(runtime, id, flags.always === true ? 'always' : 'approve', flags);
      }),
    );
  withCommonOptions(
    approvals
      .command('deny')
      .description('deny a pending call; it never runs')
      .argument('<id>', 'the approval id, as `approvals` lists it'),
  ).action(
    commandAction(runtime, async (id: string, flags: CommonFlags) => {
      const { answerApproval } = await import('./approvals-action.js');
      await answerApproval(runtime, id, 'deny', flags);
    }),
  );
}
