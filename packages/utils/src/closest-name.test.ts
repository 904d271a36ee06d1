import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance, closestName, didYouMean } from './closest-name.js';

/** The textbook O(n·m) distance, to check the banded one against. */
function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row += 1) {
    const current = [row];
    for (let column = 1; column <= right.length; column += 1) {
      const substitution = (previous[column - 1] as number) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(
        Math.min((previous[column] as number) + 1, (current[column - 1] as number) + 1, substitution),
      );
    }
    previous = current;
  }
  return previous[right.length] as number;
}

describe('closestName', () => {
  it('suggests the near miss of an option name, case-insensitively, and nothing for a stranger', () => {
    const known = ['maxParallel', 'timeoutMs', 'retry'];
    expect(closestName('maxParalel', known)).toBe('maxParallel');
    expect(closestName('TIMEOUTMS', known)).toBe('timeoutMs');
    expect(closestName('banana', known)).toBeUndefined();
    expect(didYouMean('retyr', known)).toBe(' (did you mean "retry"?)');
    expect(didYouMean('zzz', known)).toBe('');
  });

  it('stays bounded: 40 unknown 301-character keys against 500 long names take milliseconds, not seconds', () => {
    const known = Array.from({ length: 500 }, (_, index) => `property_${'x'.repeat(40)}_${index}`);
    const started = performance.now();
    for (let index = 0; index < 40; index += 1) closestName(`${'y'.repeat(300)}${index}`, known);
    for (let index = 0; index < 40; index += 1) closestName(`property_${'x'.repeat(40)}_${index}z`, known);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('the banded distance agrees with the full one within the limit (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 12 }),
        fc.string({ maxLength: 12 }),
        fc.integer({ min: 0, max: 6 }),
        (left, right, limit) => {
          const full = editDistance(left, right);
          const bounded = boundedEditDistance(left, right, limit);
          expect(bounded).toBe(full <= limit ? full : limit + 1);
        },
      ),
    );
  });
});
