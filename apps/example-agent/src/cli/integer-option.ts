import { findOptionProblem } from '@toolwright/utils';
import { InvalidArgumentError } from 'commander';

/** Digits only, with an optional sign: `Number()` would also take `1e3`, `0x10` and ` `. */
const INTEGER_TEXT = /^[+-]?\d+$/;

/**
 * A commander parser for an integer flag. `Number.parseInt('abc')` is `NaN` and
 * `parseInt('10abc')` is `10`, so a typo once ran as `NaN` turns; every numeric flag goes through
 * here instead and is refused (exit 2) with the flag and the accepted range, e.g.
 * `--max-turns: the value must be an integer from 1 to 500; got string "abc".`
 */
export function integerOption(
  flag: string,
  range: { readonly min: number; readonly max: number },
): (value: string) => number {
  return (value) => {
    const text = value.trim();
    // Anything but plain digits is shown as the text given, not as what Number() made of it.
    const parsed: unknown = INTEGER_TEXT.test(text) ? Number(text) : value;
    const problem = findOptionProblem(flag, 'the value', parsed, { kind: 'number', ...range, integer: true });
    if (problem !== undefined) throw new InvalidArgumentError(problem.message);
    return parsed as number;
  };
}
