import { describe, expect, it } from 'vitest';
import { restrictedFormAnswerCheck } from './form-answer-check.js';

// The requested schema of a form as MCP allows it: flat, primitive fields and enums.
const schema = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 20 },
    age: { type: 'integer', minimum: 0, maximum: 150 },
    ratio: { type: 'number' },
    subscribe: { type: 'boolean', default: false },
    colour: { type: 'string', enum: ['red', 'green'] },
    size: {
      type: 'string',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'l', title: 'Large' },
      ],
    },
    toppings: { type: 'array', items: { type: 'string', enum: ['ham', 'egg'] }, maxItems: 2 },
  },
  required: ['name'],
};
const check = restrictedFormAnswerCheck(schema, 'elicitation from MCP server "shop"');

describe('restrictedFormAnswerCheck: the check of a form answer without a JSON Schema validator', () => {
  it('passes a matching answer, with the defaults of the fields it left out', () => {
    const answer = { name: 'Ada', age: 36, ratio: 0.5, colour: 'red', size: 'l', toppings: ['egg', 'ham'] };
    expect(check(answer)).toEqual({ ok: true, content: { ...answer, subscribe: false } });
    expect(check({ name: 'Ada', subscribe: true })).toEqual({
      ok: true,
      content: { name: 'Ada', subscribe: true },
    });
  });

  it('refuses an answer that does not match, naming the field and what it accepts', () => {
    const problems = [
      [{}, 'required field "name" is missing'],
      [{ name: '' }, 'field "name" must be a string from 1 to 20 characters; got string ""'],
      [{ name: 7 }, 'field "name" must be a string from 1 to 20 characters; got integer 7'],
      [{ name: 'Ada', age: 36.5 }, 'field "age" must be an integer from 0 to 150; got number 36.5'],
      [{ name: 'Ada', age: 500 }, 'field "age" must be an integer from 0 to 150; got integer 500'],
      [{ name: 'Ada', ratio: '1' }, 'field "ratio" must be a number; got string "1"'],
      [{ name: 'Ada', subscribe: 'yes' }, 'field "subscribe" must be a boolean; got string "yes"'],
      [{ name: 'Ada', colour: 'blue' }, 'field "colour" must be one of "red", "green"; got string "blue"'],
      [{ name: 'Ada', size: 'm' }, 'field "size" must be one of "s", "l"; got string "m"'],
      [
        { name: 'Ada', toppings: ['ham', 'ham'] },
        'field "toppings" must be a list of at most 2 items of distinct choices from "ham", "egg"; got array of 2 items',
      ],
      [
        { name: 'Ada', toppings: ['cheese'] },
        'field "toppings" must be a list of at most 2 items of distinct choices from "ham", "egg"; got array of 1 item',
      ],
      [
        { name: 'Ada', nickname: 'A' },
        'field "nickname" is not in the requested schema; accepted: name, age, ratio, subscribe, colour, size, toppings',
      ],
    ] as const;
    for (const [answer, problem] of problems)
      expect(check(answer), JSON.stringify(answer)).toEqual({ ok: false, problem });
  });
});
