import type { Scan } from './analysis-scan.js';
import type { ShellWord } from './shell-words.js';

/**
 * Adds one command (`words[0]` its name as written, `name` without its path) to the candidates
 * deny rules see: its arguments as written and unquoted, the known beginning when a later word is
 * known only at run time, and the readings without its leading options.
 */
export function emit(scan: Scan, written: string, name: string, words: readonly ShellWord[]): void {
  const rest = words.slice(1);
  const values = rest.map((word) => word.value);
  scan.candidate([name, ...values].join(' '));
  scan.candidate([name, ...rest.map((word) => word.raw)].join(' '));
  if (written !== name) scan.candidate([written, ...values].join(' '));
  const unknown = rest.findIndex((word) => !word.literal);
  if (unknown !== -1)
    scan.partial([name, ...values.slice(0, unknown), (rest[unknown] as ShellWord).known].join(' '));
  emitAfterLeadingOptions(scan, name, words);
}

/** How many readings without leading options {@link emitAfterLeadingOptions} adds per command. */
const MAX_OPTION_READINGS = 16;

/**
 * `npm --silent run deploy`, `docker -H x run`: a deny rule on `npm run deploy:*` must meet the
 * subcommand after the command's own options. Each reading of its leading options (with or
 * without a value, when not attached by `=`) that reaches an operand adds `name operand ...`.
 */
export function emitAfterLeadingOptions(scan: Scan, name: string, words: readonly ShellWord[]): void {
  if (!(words[1]?.value.startsWith('-') ?? false)) return;
  const seen = new Set<number>();
  let positions = [1];
  let readings = 0;
  while (positions.length > 0 && readings < MAX_OPTION_READINGS) {
    const next: number[] = [];
    for (const position of positions) {
      if (seen.has(position)) continue;
      seen.add(position);
      const word = words[position];
      if (word === undefined) continue;
      const value = word.value;
      if (value === '--' || !value.startsWith('-') || value === '-') {
        const from = value === '--' ? position + 1 : position;
        if (from < words.length && readings < MAX_OPTION_READINGS) {
          readings += 1;
          scan.candidate([name, ...words.slice(from).map((item) => item.value)].join(' '));
        }
        continue;
      }
      next.push(position + 1);
      if (!value.includes('=')) next.push(position + 2);
    }
    positions = next;
  }
}
