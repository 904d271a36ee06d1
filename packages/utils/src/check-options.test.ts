import { describe, expect, it } from 'vitest';
import {
  checkOption,
  checkOptions,
  findOptionProblem,
  findOptionsProblem,
  type OptionProblem,
} from './check-options.js';
import {
  MAX_TIMER_MS,
  type OptionRule,
  type OptionTable,
  POSITIVE_SAFE_INTEGER,
  TIMER_MS,
} from './option-rules.js';

class PoolError extends Error {
  constructor(readonly problem: OptionProblem) {
    super(problem.message);
  }
}
const makeError = (problem: OptionProblem) => new PoolError(problem);

/** What `checkOptions` throws for `options`, or `undefined` when it accepts them. */
function refusal(options: unknown, table: OptionTable): OptionProblem | undefined {
  try {
    checkOptions('Pool', options, table, makeError);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(PoolError);
    return (error as PoolError).problem;
  }
}

interface KindCase {
  readonly rule: OptionRule;
  readonly accepted: readonly unknown[];
  readonly refused: readonly (readonly [value: unknown, message: string])[];
}

const named = function onEvent() {};

const KINDS: Record<OptionRule['kind'], KindCase> = {
  boolean: {
    rule: { kind: 'boolean' },
    accepted: [true, false, undefined],
    refused: [
      ['yes', 'Pool: x must be true or false; got string "yes".'],
      [1, 'Pool: x must be true or false; got integer 1.'],
      [null, 'Pool: x must be true or false; got null.'],
    ],
  },
  number: {
    rule: { kind: 'number', min: 1, max: 8, integer: true },
    accepted: [1, 8, undefined],
    refused: [
      [0, 'Pool: x must be an integer from 1 to 8; got integer 0.'],
      [9, 'Pool: x must be an integer from 1 to 8; got integer 9.'],
      [1.5, 'Pool: x must be an integer from 1 to 8; got number 1.5.'],
      [Number.NaN, 'Pool: x must be an integer from 1 to 8; got number NaN.'],
      [Number.POSITIVE_INFINITY, 'Pool: x must be an integer from 1 to 8; got number Infinity.'],
      ['4', 'Pool: x must be an integer from 1 to 8; got string "4".'],
      [4n, 'Pool: x must be an integer from 1 to 8; got bigint 4.'],
    ],
  },
  string: {
    rule: { kind: 'string', nonEmpty: true, maxLength: 3 },
    accepted: ['a', 'abc', undefined],
    refused: [
      ['', 'Pool: x must be a non-empty string of at most 3 characters; got string "".'],
      ['abcd', 'Pool: x must be a non-empty string of at most 3 characters; got string "abcd".'],
      [Symbol('s'), 'Pool: x must be a non-empty string of at most 3 characters; got symbol Symbol(s).'],
    ],
  },
  oneOf: {
    rule: { kind: 'oneOf', values: ['safe', 'none', 0] },
    accepted: ['safe', 'none', 0, undefined],
    refused: [
      ['Safe', 'Pool: x must be one of "safe", "none", 0; got string "Safe" (did you mean "safe"?).'],
      ['0', 'Pool: x must be one of "safe", "none", 0; got string "0".'],
      ['saef', 'Pool: x must be one of "safe", "none", 0; got string "saef" (did you mean "safe"?).'],
      ['no', 'Pool: x must be one of "safe", "none", 0; got string "no".'],
    ],
  },
  function: {
    rule: { kind: 'function' },
    accepted: [() => 1, named, class {}, undefined],
    refused: [
      [{}, 'Pool: x must be a function; got object {}.'],
      ['onEvent', 'Pool: x must be a function; got string "onEvent".'],
    ],
  },
  array: {
    rule: { kind: 'array', items: { kind: 'string' } },
    accepted: [[], ['a', 'b'], undefined],
    refused: [
      ['a', 'Pool: x must be an array of strings; got string "a".'],
      [['a', 2], 'Pool: x[1] must be a string; got integer 2.'],
      [new Set(['a']), 'Pool: x must be an array of strings; got object Set {}.'],
    ],
  },
  object: {
    rule: { kind: 'object' },
    accepted: [{}, { any: 1 }, new Map(), undefined],
    refused: [
      [[], 'Pool: x must be an object; got array of 0 items.'],
      [null, 'Pool: x must be an object; got null.'],
      [named, 'Pool: x must be an object; got function onEvent.'],
    ],
  },
  custom: {
    rule: { kind: 'custom' },
    accepted: [undefined, null, 'anything', {}],
    refused: [],
  },
};

describe('checkOptions: every kind', () => {
  describe.each(Object.entries(KINDS))('%s', (_kind, { rule, accepted, refused }) => {
    it.each(accepted.map((value) => [value]))('accepts %o', (value) => {
      expect(refusal({ x: value }, { x: rule })).toBeUndefined();
    });

    it.each(refused.map(([value, message]) => [value, message]))('refuses %o', (value, message) => {
      const option = /^Pool: (\S+) must/.exec(message)?.[1];
      expect(refusal({ x: value }, { x: rule })).toEqual({ owner: 'Pool', option, message });
    });

    it('refuses undefined and an absent key when required, naming what is accepted, and then absent options', () => {
      const required = { ...rule, required: true } as OptionRule;
      for (const options of [{ x: undefined }, {}]) {
        expect(refusal(options, { x: required })?.message).toMatch(/^Pool: x must be .+; got nothing\.$/);
      }
      expect(refusal(undefined, { x: required })).toEqual({
        owner: 'Pool',
        option: 'options',
        message: 'Pool: options must be an object; got nothing.',
      });
    });
  });

  it("words what is accepted in the owner's words when the rule says so", () => {
    const rule: OptionRule = { kind: 'custom', required: true, accepts: 'a server definition' };
    expect(refusal({}, { server: rule })?.message).toBe(
      'Pool: server must be a server definition; got nothing.',
    );
  });

  it('offers the shared ranges: MAX_TIMER_MS is the largest delay setTimeout honours', () => {
    expect(MAX_TIMER_MS).toBe(2 ** 31 - 1);
    expect(refusal({ t: MAX_TIMER_MS }, { t: TIMER_MS })).toBeUndefined();
    expect(refusal({ t: MAX_TIMER_MS + 1 }, { t: TIMER_MS })?.message).toBe(
      `Pool: t must be a number from 0 to ${MAX_TIMER_MS}; got integer ${MAX_TIMER_MS + 1}.`,
    );
    expect(refusal({ n: Number.MAX_SAFE_INTEGER + 2 }, { n: POSITIVE_SAFE_INTEGER })?.option).toBe('n');
  });
});

describe('checkOptions: unknown keys', () => {
  const table: OptionTable = {
    maxParallel: POSITIVE_SAFE_INTEGER,
    thresholdBytes: POSITIVE_SAFE_INTEGER,
    limits: {
      kind: 'object',
      options: { maxItems: POSITIVE_SAFE_INTEGER, maxSessionBytes: POSITIVE_SAFE_INTEGER },
    },
  };
  const accepted = 'accepted: maxParallel, thresholdBytes, limits.';

  it('names an unknown key with the nearest known name and lists what is accepted', () => {
    expect(refusal({ maxParalel: 2 }, table)).toEqual({
      owner: 'Pool',
      option: 'maxParalel',
      message: `Pool: unknown option "maxParalel" (did you mean "maxParallel"?); ${accepted}`,
    });
  });

  it('points a name without its unit at the name with it, and a misplaced key at its object', () => {
    expect(refusal({ threshold: 1 }, table)?.message).toBe(
      `Pool: unknown option "threshold" (did you mean "thresholdBytes"?); ${accepted}`,
    );
    expect(refusal({ maxSessionBytes: 1 }, table)?.message).toBe(
      `Pool: unknown option "maxSessionBytes" (it belongs inside limits: pass limits: { maxSessionBytes: … }); ${accepted}`,
    );
  });

  it('checks a nested table, naming its keys by their path', () => {
    expect(refusal({ limits: { maxItem: 1 } }, table)).toEqual({
      owner: 'Pool',
      option: 'limits.maxItem',
      message:
        'Pool: unknown option "limits.maxItem" (did you mean "limits.maxItems"?); accepted: limits.maxItems, limits.maxSessionBytes.',
    });
    expect(refusal({ limits: { maxItems: 0 } }, table)?.message).toBe(
      `Pool: limits.maxItems must be an integer from 1 to ${Number.MAX_SAFE_INTEGER}; got integer 0.`,
    );
    expect(refusal({ limits: 5 }, table)?.message).toBe('Pool: limits must be an object; got integer 5.');
  });

  it('counts a flood of unknown keys past the first five and escapes what it shows', () => {
    const flood = Object.fromEntries(Array.from({ length: 40 }, (_, index) => [`k${index}\u001b[2J`, 1]));
    const message = refusal(flood, table)?.message as string;
    expect(message).toContain('and 35 more');
    expect(message).not.toContain('\u001b');
    expect(message.length).toBeLessThan(400);
  });

  it('refuses an unknown key before a bad value, so a typo is named first', () => {
    expect(refusal({ maxParallel: 0, maxParalel: 2 }, table)?.option).toBe('maxParalel');
  });

  it('refuses an inherited unknown key (it is read like an own one) and reads inherited values', () => {
    expect(refusal(Object.create({ maxParalel: 2 }), table)?.option).toBe('maxParalel');
    expect(refusal(Object.create({ maxParallel: 0 }), table)?.message).toMatch(/^Pool: maxParallel must be/);
  });

  it('never takes a name of Object.prototype for a known option', () => {
    expect(refusal({ toString: 1 }, table)?.option).toBe('toString');
    expect(refusal(JSON.parse('{"__proto__": 1}'), table)?.option).toBe('__proto__');
  });

  it('ignores symbol keys, which cannot name an option', () => {
    expect(refusal({ [Symbol('brand')]: true, maxParallel: 2 }, table)).toBeUndefined();
  });

  it("ignores non-enumerable keys such as a class instance's methods", () => {
    class Options {
      maxParallel = 2;
      describe(): string {
        return 'pool';
      }
    }
    expect(refusal(new Options(), table)).toBeUndefined();
  });
});

describe('checkOptions: the options argument itself', () => {
  it.each([
    [null, 'null'],
    [[], 'array of 0 items'],
    ['fast', 'string "fast"'],
    [3, 'integer 3'],
    [() => {}, 'function'],
  ])('refuses %o', (options, got) => {
    expect(refusal(options, {})).toEqual({
      owner: 'Pool',
      option: 'options',
      message: `Pool: options must be an object; got ${got}.`,
    });
  });

  it('accepts absent options as all defaults', () => {
    expect(refusal(undefined, { x: { kind: 'boolean' } })).toBeUndefined();
  });
});

describe('checkOption and the describers', () => {
  it('checks one value (a required argument) with the same wording and error', () => {
    expect(() => checkOption('detect', 'path', 7, { kind: 'string', required: true }, makeError)).toThrow(
      new PoolError({
        owner: 'detect',
        option: 'path',
        message: 'detect: path must be a string; got integer 7.',
      }),
    );
    expect(() =>
      checkOption('detect', 'path', '/a', { kind: 'string', required: true }, makeError),
    ).not.toThrow();
  });

  it('describes without throwing', () => {
    expect(findOptionProblem('P', 'x', 'a', { kind: 'boolean' })?.message).toBe(
      'P: x must be true or false; got string "a".',
    );
    expect(findOptionsProblem('P', { x: true }, { x: { kind: 'boolean' } })).toBeUndefined();
  });
});
