import { createInterface } from 'node:readline/promises';
import { type Readable, Writable } from 'node:stream';
import { printable } from '../cli/printable.js';

/** How one question is asked. */
export interface QuestionOptions {
  /**
   * The answer is a secret: nothing the user types is shown (no echo on the terminal), and the
   * answer is never printed.
   */
  readonly secret?: boolean;
}

/** Where the MCP handlers ask the user: one question at a time, answered by a line. */
export interface Terminal {
  /** Prints `text` and resolves with the line the user typed (without its newline). */
  question(text: string, options?: QuestionOptions): Promise<string>;
}

/** A stream that drops everything: readline's echo of a secret goes here. */
function silence(): Writable {
  return new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
}

function isTty(stream: Readable | Writable): boolean {
  return (stream as { isTTY?: boolean }).isTTY === true;
}

/**
 * A terminal over `input` and `output` (stdin and stderr in the CLI, so that stdout keeps the
 * transcript). Questions are queued: two servers asking at once are asked one after the other.
 * Every question is made printable (controls and bidirectional characters escaped), whoever
 * built it. A secret is read with the terminal in raw mode (so the TTY does not echo it) and
 * readline's own echo dropped.
 */
export function streamTerminal(input: Readable, output: Writable): Terminal {
  let queue: Promise<unknown> = Promise.resolve();
  return {
    question(text, options = {}) {
      const secret = options.secret === true;
      const asked = queue.then(async () => {
        const prompt = createInterface({
          input,
          output: secret ? silence() : output,
          // Line editing only on a real terminal; a secret on a TTY input always in raw mode,
          // even when the output is redirected, or the TTY itself would echo it.
          terminal: secret ? isTty(input) : isTty(output),
        });
        // Only now, with the TTY in raw mode, is the user asked: a secret typed as soon as the
        // question shows must not meet a terminal that still echoes.
        if (secret) output.write(printable(text));
        try {
          return await prompt.question(secret ? '' : printable(text));
        } finally {
          prompt.close();
          if (secret) output.write('\n');
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
