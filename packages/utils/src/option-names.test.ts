import { describe, expect, it } from 'vitest';
import { describeNumberProblem, describeOptionProblem } from './option-names.js';

describe('describeOptionProblem (deprecated: the wording of findOptionsProblem)', () => {
  const known = ['maxParallel', 'timeoutMs'];

  it('accepts known keys and an empty object', () => {
    expect(describeOptionProblem('Owner', { maxParallel: 2 }, known)).toBeUndefined();
    expect(describeOptionProblem('Owner', {}, known)).toBeUndefined();
  });

  it('names each unknown key with its nearest known name and lists what is accepted', () => {
    expect(describeOptionProblem('ToolExecutor', { maxParalel: 2, color: 'red' }, known)).toBe(
      'ToolExecutor: unknown options "maxParalel" (did you mean "maxParallel"?), "color"; accepted: maxParallel, timeoutMs.',
    );
  });

  it('caps the message for a flood of unknown keys and escapes what it shows', () => {
    const flood = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${index}\u001b[2J`, 1]));
    const message = describeOptionProblem('Owner', flood, known) as string;
    expect(message).toContain('and 35 more');
    expect(message).not.toContain('\u001b');
    expect(message.length).toBeLessThan(400);
  });

  it('refuses what is not an options object', () => {
    expect(describeOptionProblem('Owner', null, known)).toBe('Owner: options must be an object; got null.');
    expect(describeOptionProblem('Owner', [], known)).toBe(
      'Owner: options must be an object; got array of 0 items.',
    );
    expect(describeOptionProblem('Owner', 'x', known)).toBe(
      'Owner: options must be an object; got string "x".',
    );
  });
});

describe('describeNumberProblem (deprecated: the wording of findOptionProblem)', () => {
  it.each([0, -1, Number.NaN, 1.5, Number.POSITIVE_INFINITY, '4'])(
    'refuses %s for an integer from 1',
    (value) => {
      expect(describeNumberProblem('Owner', 'maxParallel', value, { min: 1, max: 8, integer: true })).toMatch(
        /^Owner: maxParallel must be an integer from 1 to 8; got /,
      );
    },
  );

  it('accepts an absent value and one in range', () => {
    expect(describeNumberProblem('Owner', 'n', undefined, { min: 1 })).toBeUndefined();
    expect(describeNumberProblem('Owner', 'n', 2.5, { min: 1 })).toBeUndefined();
  });
});
