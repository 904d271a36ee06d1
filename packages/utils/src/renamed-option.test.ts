import { describe, expect, it } from 'vitest';
import { describeRenamedOptionProblem, renamedOptionValue } from './renamed-option.js';

describe('describeRenamedOptionProblem', () => {
  it('accepts either name alone, neither, or both with the same value', () => {
    expect(describeRenamedOptionProblem('Owner', { graceMs: 5 }, 'graceMs', 'timeoutMs')).toBeUndefined();
    expect(describeRenamedOptionProblem('Owner', { timeoutMs: 5 }, 'graceMs', 'timeoutMs')).toBeUndefined();
    expect(describeRenamedOptionProblem('Owner', {}, 'graceMs', 'timeoutMs')).toBeUndefined();
    expect(
      describeRenamedOptionProblem('Owner', { graceMs: 5, timeoutMs: 5 }, 'graceMs', 'timeoutMs'),
    ).toBeUndefined();
  });

  it('refuses both names with different values, naming both values and the name to keep', () => {
    expect(describeRenamedOptionProblem('Owner', { graceMs: 5, timeoutMs: 7 }, 'graceMs', 'timeoutMs')).toBe(
      'Owner: graceMs (integer 5) and its deprecated former name timeoutMs (integer 7) are both set and differ; set only graceMs.',
    );
  });

  it('shows what it received safely', () => {
    const message = describeRenamedOptionProblem(
      'Owner',
      { id: 'a\u001b[2J', identity: 'b'.repeat(1000) },
      'id',
      'identity',
    ) as string;
    expect(message).not.toContain('\u001b');
    expect(message.length).toBeLessThan(300);
  });
});

describe('renamedOptionValue', () => {
  it('reads the name first, then the former name', () => {
    expect(renamedOptionValue({ graceMs: 5, timeoutMs: 7 }, 'graceMs', 'timeoutMs')).toBe(5);
    expect(renamedOptionValue({ timeoutMs: 7 }, 'graceMs', 'timeoutMs')).toBe(7);
    expect(renamedOptionValue({ graceMs: 0, timeoutMs: 7 }, 'graceMs', 'timeoutMs')).toBe(0);
    expect(renamedOptionValue({}, 'graceMs', 'timeoutMs')).toBeUndefined();
  });
});
