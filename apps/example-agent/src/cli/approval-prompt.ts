import { createInterface } from 'node:readline/promises';
import type { ApprovalAnswer, ApprovalQuestion } from '@toolwright/executor';
import { printableLine } from './printable.js';

/**
 * Asks on the terminal, or `undefined` when stdin is not a TTY: a non-interactive run has nobody
 * to ask now, so its calls that ask are saved for `toolwright-agent approvals` instead.
 * "a" (always) allows the tool from now on, as it is defined now: if it changes, it asks again.
 */
export function terminalApprovalPrompt():
  | { readonly ask: (question: ApprovalQuestion) => Promise<ApprovalAnswer> }
  | undefined {
  if (process.stdin.isTTY !== true) return undefined;
  return {
    ask: async ({ invocation, reason }) => {
      const prompt = createInterface({ input: process.stdin, output: process.stderr });
      try {
        // The description carries model-written params (a command, a path) and the reason names
        // paths: both on one line with controls and newlines escaped, so neither can draw a
        // question of its own ("Allow Read(notes.md)? [y/N]") above the real one.
        const answer = await prompt.question(
          `\nAllow ${printableLine(invocation.getDescription())}? ${printableLine(reason)} [y/N/a(lways)] `,
        );
        return approvalAnswer(answer);
      } finally {
        prompt.close();
      }
    },
  };
}

/** A typed answer: y/yes approves this call, a/always the tool as defined now, anything else denies. */
export function approvalAnswer(typed: string): ApprovalAnswer {
  const answer = typed.trim().toLowerCase();
  if (answer === 'y' || answer === 'yes') return 'approve';
  if (answer === 'a' || answer === 'always') return 'always';
  return 'deny';
}
