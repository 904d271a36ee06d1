import type { ApprovalHandler, PendingApprovalV1 } from '@toolwright/executor';
import { AgentError, AgentErrorCode } from '../../errors.js';
import { openCommandContext } from '../command-context.js';
import { printableLine } from '../printable.js';
import { Transcript } from '../transcript.js';
import type { AnswerFlags } from './approvals-command.js';
import type { CommandRuntime, CommonFlags } from './command-runtime.js';
import { writeExecutedCall } from './executed-call-output.js';

/** What `approvals` (`approvals list`) does. */
export async function listApprovals(runtime: CommandRuntime, flags: CommonFlags): Promise<void> {
  const progress = new Transcript(runtime.io.stderr, { showContent: false });
  // Listing starts no server: it reads records only.
  const context = await openCommandContext({ ...flags, mcp: false }, progress, undefined, runtime.io.stderr);
  try {
    const pending = await context.session.approvals().pending();
    if (flags.json === true) {
      runtime.io.stdout.write(`${JSON.stringify(pending)}\n`);
      return;
    }
    if (pending.length === 0) {
      runtime.io.stdout.write('no calls wait for approval\n');
      return;
    }
    for (const record of pending) runtime.io.stdout.write(`${describeRecord(record)}\n`);
    runtime.io.stdout.write(
      'answer with: toolwright-agent approvals approve <id> [--always] | approvals deny <id>\n',
    );
  } finally {
    await context.close();
  }
}

/** One record on two lines: what would run, and why it asked. */
function describeRecord(record: PendingApprovalV1): string {
  const args = JSON.stringify(record.arguments);
  const shown = args.length > 160 ? `${args.slice(0, 157)}...` : args;
  const hours = Math.max(0, Math.round((record.expiresAt - Date.now()) / 3_600_000));
  return [
    `${record.id}  ${record.toolName} ${shown}`,
    `  call ${record.toolCallId}, expires in ${hours} h: ${record.reason}`,
  ]
    .map(printableLine)
    .join('\n');
}

/** What `approvals approve` and `approvals deny` do. */
export async function answerApproval(
  runtime: CommandRuntime,
  id: string,
  decision: 'approve' | 'always' | 'deny',
  flags: AnswerFlags,
): Promise<void> {
  if ((flags.sameArguments === true || flags.matching !== undefined) && decision !== 'always')
    throw new AgentError(AgentErrorCode.OptionInvalid, '--same-arguments and --matching go with --always.');
  if (flags.sameArguments === true && flags.matching !== undefined)
    throw new AgentError(
      AgentErrorCode.OptionInvalid,
      '--same-arguments and --matching limit --always two ways; give one.',
    );
  const progress = new Transcript(runtime.io.stderr, { showContent: false });
  // The one call this answer resumes is approved by the grant, and nothing else: until there is
  // a grant, and for any other call, a question is refused.
  let resume: ApprovalHandler = async () => false;
  const context = await openCommandContext(
    // A denial runs nothing, so it starts no server.
    decision === 'deny' ? { ...flags, mcp: false } : flags,
    progress,
    undefined,
    runtime.io.stderr,
    (request) => resume(request),
  );
  try {
    const { registry, executor } = context.session;
    const desk = context.session.approvals();
    const record = await desk.find(id);
    if (record === undefined)
      throw new AgentError(
        AgentErrorCode.ApprovalNotFound,
        `No pending approval ${JSON.stringify(id)}: it was answered already, or never made. \`toolwright-agent approvals\` lists the pending ones.`,
      );
    // Checked before the answer claims the record: a tool this run does not have (an MCP server
    // not started) leaves the approval pending instead of losing it.
    if (decision !== 'deny' && registry.get(record.toolName) === undefined)
      throw new AgentError(
        AgentErrorCode.ToolNotFound,
        `Approval ${record.id} is for ${record.toolName}, which this run does not have${record.toolName.startsWith('mcp__') ? ' (is its MCP server configured and started here? run without --no-mcp, in the same workspace)' : ''}; it stays pending.`,
      );
    const grant = await desk.answer(record, decision, {
      sameArgumentsOnly: flags.sameArguments === true,
      ...(flags.matching === undefined ? {} : { argumentPattern: flags.matching }),
    });
    if (grant === undefined) {
      runtime.io.stderr.write(printableLine(`denied ${record.toolName} (call ${record.toolCallId})`) + '\n');
      return;
    }
    progress.info(`approved: resuming call ${grant.call.id} of ${grant.call.name}`);
    resume = desk.approverFor(grant, (name) => registry.get(name));
    // The model had loaded the tool (or it could not have asked); the person resuming it chose it.
    registry.deferred.markLoaded([grant.call.name]);
    const [executed] = await executor.executeBatch([grant.call]);
    if (executed !== undefined) writeExecutedCall(runtime, executed, { json: flags.json === true });
  } finally {
    await context.close();
  }
}
