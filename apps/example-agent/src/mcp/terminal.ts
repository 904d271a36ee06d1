import { createInterface } from 'node:readline/promises';
import type { Readable, Writable } from 'node:stream';

/** Where the MCP handlers ask the user: one question at a time, answered by a line. */
export interface Terminal {
  /** Prints `text` and resolves with the line the user typed (without its newline). */
  question(text: string): Promise<string>;
}

/**
 * A terminal over `input` and `output` (stdin and stderr in the CLI, so that stdout keeps the
 * transcript). Questions are queued: two servers asking at once are asked one after the other.
 */
export function streamTerminal(input: Readable, output: Writable): Terminal {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    question(text) {
      const asked = queue.then(async () => {
        // Line editing only on a real terminal.
        const prompt = createInterface({
          input,
          output,
          terminal: (output as { isTTY?: boolean }).isTTY === true,
        });
        try {
          return await prompt.question(text);
        } finally {
          prompt.close();
        }
      });
      queue = asked.catch(() => undefined);
      return asked;
    },
  };
}

/** The process's terminal, or `undefined` when stdin is not a TTY: then there is nobody to ask. */
export function processTerminal(): Terminal | undefined {
  return process.stdin.isTTY === true ? streamTerminal(process.stdin, process.stderr) : undefined;
}
