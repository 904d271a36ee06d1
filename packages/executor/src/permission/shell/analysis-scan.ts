import type { ShellWord } from './shell-words.js';
import type { WriteTarget } from './write-targets.js';

/** How deep `bash -c "eval '...'"` is followed. */
export const MAX_DEPTH = 6;
/** Commands (wrapped ones included) read in one content. */
const MAX_STEPS = 4096;
/** Characters of normalised commands produced for one content. */
const MAX_CHARS = 2_000_000;

/** Characters after which a rule's prefix pattern never matches. */
const SHELL_CONTROL = /[;&|`\n\r<>]|\$\(/;

/**
 * What one reading of a command line collects: the normalised commands deny rules are matched
 * against (`candidate`), the known beginnings of commands whose rest is known only at run time
 * (`partial`), why allow rules cannot apply (`unknown`) or every deny rule must (`opaque`), and
 * the files and directories it names for writing. A loose reading (text that may not be shell)
 * keeps only candidates.
 */
export class Scan {
  readonly candidates = new Set<string>();
  readonly partials = new Set<string>();
  readonly notUnderstood = new Set<string>();
  readonly writes: WriteTarget[] = [];
  readonly directories: WriteTarget[] = [];
  unreadable: string | undefined;
  steps = 0;
  chars = 0;
  /** Only candidates count (a loose reading of text that may not be shell). */
  readonly loose: boolean;

  constructor(loose: boolean) {
    this.loose = loose;
  }

  get over(): boolean {
    return this.unreadable !== undefined && this.unreadable === TOO_MUCH;
  }

  candidate(text: string): void {
    if (this.over) return;
    this.chars += text.length;
    if (this.chars > MAX_CHARS) {
      this.unreadable = TOO_MUCH;
      return;
    }
    this.candidates.add(text);
    // A prefix rule never matches text with a control character: `rm 'a;b'` must still meet `rm:*`.
    const control = text.search(SHELL_CONTROL);
    if (control > 0) this.candidates.add(text.slice(0, control).trimEnd());
  }

  partial(known: string): void {
    if (!this.loose) this.partials.add(known);
  }

  unknown(why: string): void {
    if (!this.loose) this.notUnderstood.add(why);
  }

  /** Every deny rule applies: the command line runs commands that cannot be read from it. */
  opaque(why: string): void {
    if (this.loose) return;
    this.notUnderstood.add(why);
    this.unreadable ??= why;
  }

  step(): boolean {
    this.steps += 1;
    if (this.steps > MAX_STEPS) this.unreadable = TOO_MUCH;
    return !this.over;
  }
}

export const TOO_MUCH =
  'the command is too long or too deeply nested (wrappers, bash -c, eval) to read whole';

/** A literal word made by this reader (a brace expansion, a git alias). */
export function syntheticWord(value: string): ShellWord {
  return {
    raw: value,
    value,
    start: 0,
    end: 0,
    literal: true,
    splits: false,
    known: value,
    bracesOnly: false,
    quoting: 'q'.repeat(value.length),
    substitutions: [],
    tilde: false,
  };
}

/** The command name bash looks up: the word without a path (`/bin/rm` runs rm). */
export function commandName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 || slash === word.length - 1 ? word : word.slice(slash + 1);
}
