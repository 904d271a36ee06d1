import { createInterface } from 'node:readline/promises';
import type { ApprovalHandler } from '@toolwright/executor';
import { printableLine } from './printable.js';

/**
 * An approval handler that asks on the terminal, or `undefined` when stdin is not a TTY: a
 * non-interactive run has nobody to ask, so `ask` decisions become denials with a clear message.
 */
export function terminalApprovalHandler(): ApprovalHandler | undefined {
  if (process.stdin.isTTY !== true) return undefined;
  return async ({ invocation, reason }) => {
    const prompt = createInterface({ input: process.stdin, output: process.stderr });
    try {
      // The description carries model-written params (a command, a path) and the reason names
      // paths: both on one line with controls and newlines escaped, so neither can draw a
      // question of its own ("Allow Read(notes.md)? [y/N]") above the real one.
      const answer = await prompt.question(
        `\nAllow ${printableLine(invocation.getDescription())}? ${printableLine(reason)} [y/N] `,
      );
      return /^y(es)?$/i.test(answer.trim());
    } finally {
      prompt.close();
    }
  };
}
