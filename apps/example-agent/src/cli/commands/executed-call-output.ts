import type { ExecutedCall } from '@toolwright/executor';
import { type CommandRuntime, ExitCode } from './command-runtime.js';

/**
 * Prints one call's result for a person or a script (`--json`): the content on stdout; when the
 * call did not succeed, its status on stderr and exit code 1. Shared by the commands that run a
 * single call (`call`, `approvals approve`).
 */
export function writeExecutedCall(
  runtime: CommandRuntime,
  executed: ExecutedCall,
  options: { readonly json: boolean },
): void {
  runtime.io.stdout.write(
    options.json
      ? `${JSON.stringify({ status: executed.status, content: executed.content, artifacts: executed.result.artifacts ?? [], error: executed.result.error })}\n`
      : `${executed.content}\n`,
  );
  if (executed.status !== 'success') {
    // The status only: repeating the message here printed the result a second time.
    const type = executed.result.error === undefined ? '' : ` (${executed.result.error.type})`;
    runtime.io.stderr.write(
      `toolwright-agent: ${executed.call.name} ${executed.status}${type}; the result on stdout says why.\n`,
    );
    runtime.fail(ExitCode.Failure);
  }
}
