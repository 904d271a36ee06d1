import { createInterface } from 'node:readline/promises';
import type { ApprovalHandler } from '@toolwright/executor';
import { printable } from './printable.js';

/**
 * An approval handler that asks on the terminal, or `undefined` when stdin is not a TTY: a
 * non-interactive run has nobody to ask, so `ask` decisions become denials with a clear message.
 */
export function terminalApprovalHandler(): ApprovalHandler | undefined {
  if (process.stdin.isTTY !== true) return undefined;
  return async ({ invocation, reason }) => {
    const prompt = createInterface({ input: process.stdin, output: process.stderr });
    try {
      // The description carries model-written params: escape control sequences before printing.
      const answer = await prompt.question(
        `\nAllow ${printable(invocation.getDescription())}? ${printable(reason)} [y/N] `,
      );
      return /^y(es)?$/i.test(answer.trim());
    } finally {
      prompt.close();
    }
  };
}
