import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedEditDistance, closestName, didYouMean, MAX_SUGGESTED_NAME_LENGTH } from './closest-name.js';

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

  it('stays bounded: an input over the length limit reads no known name at all', () => {
    // Any comparison would read the iterable, which throws: the bound holds whatever the machine's speed.
    const unreadable: Iterable<string> = {
      [Symbol.iterator]() {
        throw new Error('the known names were read for an input over the limit');
      },
    };
    expect(closestName('y'.repeat(MAX_SUGGESTED_NAME_LENGTH + 1), unreadable)).toBeUndefined();
    expect(didYouMean(`${'y'.repeat(300)}1`, unreadable)).toBe('');
  });

  it('stays bounded: a known name over the length limit is never compared', () => {
    // A long name whose characters throw when read: comparing it at all would fail the call.
    const untouchable = (length: number): string => {
      const name = new String('x'.repeat(length));
      Object.defineProperty(name, 'toLowerCase', {
        value: () => {
          throw new Error(`a ${length}-character known name was compared`);
        },
      });
      return name as unknown as string;
    };
    const known = [
      ...Array.from({ length: 500 }, () => untouchable(MAX_SUGGESTED_NAME_LENGTH + 1)),
      'property_x',
    ];
    for (let index = 0; index < 40; index += 1)
      expect(closestName(`property_${index}`, known)).toBe('property_x');
    // Names at the limit are still compared, so the guard is exactly at the limit.
    expect(() => closestName('x', [untouchable(MAX_SUGGESTED_NAME_LENGTH)])).toThrow(/compared/);
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
