import { randomUUID } from 'node:crypto';
import { didYouMean } from '@toolwright/utils';
import { AgentError, AgentErrorCode } from '../../errors.js';
import { openCommandContext } from '../command-context.js';
import { Transcript } from '../transcript.js';
import type { CommandRuntime, CommonFlags } from './command-runtime.js';
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

/** What `call <tool> '<json>'` does (defined in call-command.ts). */
export async function callCommand(
  runtime: CommandRuntime,
  toolName: string,
  argumentText: string,
  flags: CommonFlags,
): Promise<void> {
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
}
