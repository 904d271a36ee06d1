import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import type { ParseOptions } from '../schema/schema-validator.js';
import type { StandardJsonSchemaValidator } from './standard-schema.js';
import { parseWithFullRepair, StandardSchemaValidator } from './standard-schema-validator.js';

/** One shape written in each library: a path, a count with a default, a mode enum, edits with a flag. */
const schemas: Record<string, () => unknown> = {
  zod: () =>
    z.object({
      file_path: z.string().min(1),
      offset: z.number().int().min(1).default(1),
      mode: z.enum(['fast', 'slow']).optional(),
      edits: z
        .array(
          z.object({
            old_string: z.string(),
            new_string: z.string(),
            replace_all: z.boolean().default(false),
          }),
        )
        .min(1)
        .optional(),
    }),
  valibot: () =>
    toStandardJsonSchema(
      v.object({
        file_path: v.pipe(v.string(), v.minLength(1)),
        offset: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1),
        mode: v.optional(v.picklist(['fast', 'slow'])),
        edits: v.optional(
          v.pipe(
            v.array(
              v.object({
                old_string: v.string(),
                new_string: v.string(),
                replace_all: v.optional(v.boolean(), false),
              }),
            ),
            v.minLength(1),
          ),
        ),
      }),
    ),
  arktype: () =>
    type({
      file_path: 'string > 0',
      offset: 'number.integer >= 1 = 1',
      'mode?': "'fast' | 'slow'",
      'edits?': type({ old_string: 'string', new_string: 'string', replace_all: 'boolean = false' })
        .array()
        .atLeastLength(1),
    }),
};

/** Values a model sends: right, wrong, and repairable ("5" for a number, "true", JSON text, null). */
const anyValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('', 'a.ts', '5', '0', 'true', 'fast', 'slow', '[]', '{"x":1}', null, undefined),
  fc.constantFrom(0, 1, 7, -2, 1.5, true, false),
  fc.string({ maxLength: 6 }),
);
const edit = fc.record(
  {
    old_string: anyValue,
    new_string: anyValue,
    replace_all: anyValue,
    stray: anyValue,
  },
  { requiredKeys: [] },
);
const call = fc.record(
  {
    file_path: anyValue,
    offset: anyValue,
    mode: anyValue,
    edits: fc.oneof(
      fc.array(edit, { maxLength: 3 }),
      anyValue,
      fc.constant('[{"old_string":"a","new_string":"b"}]'),
    ),
    extra: anyValue,
  },
  { requiredKeys: [] },
);

type Outcome =
  | { kind: 'value'; value: unknown; coercions: unknown }
  | { kind: 'error'; code: string; message: string; issues: unknown };

function outcome(run: () => { value: unknown; coercions: unknown }): Outcome {
  try {
    const { value, coercions } = run();
    return { kind: 'value', value, coercions };
  } catch (error) {
    if (!(error instanceof ToolValidationError)) throw error;
    return { kind: 'error', code: error.code, message: error.message, issues: error.issues };
  }
}

const optionSets: ParseOptions[] = [
  { toolName: 'Edit' },
  { toolName: 'Edit', coerce: 'none' },
  { toolName: 'Edit', nullAsAbsent: true },
  { toolName: 'Edit', unknownArguments: 'strip' },
];

describe('a refused call answered from the library issues', () => {
  for (const [vendor, make] of Object.entries(schemas)) {
    it(`${vendor}: gives the same value, coercions, unknown-key refusals and messages as the full repair walk`, () => {
      const validator = new StandardSchemaValidator(make() as StandardJsonSchemaValidator, 'Edit');
      fc.assert(
        fc.property(call, fc.constantFrom(...optionSets), (input, options) => {
          const shortcut = outcome(() => validator.parse(input, options));
          const reference = outcome(() => parseWithFullRepair(validator, input, options));
          expect(shortcut).toEqual(reference);
        }),
        { numRuns: 400 },
      );
    });

    it(`${vendor}: asks the library once for a refusal no repair can change, twice when one can`, () => {
      const inner = make() as StandardJsonSchemaValidator;
      let calls = 0;
      const counting = {
        '~standard': {
          ...inner['~standard'],
          validate: (value: unknown) => {
            calls++;
            return inner['~standard'].validate(value);
          },
        },
      } as StandardJsonSchemaValidator;
      const validator = new StandardSchemaValidator(counting, 'Edit');
      const refused = { file_path: '', edits: [{ old_string: 'a', new_string: 5 }] };
      calls = 0;
      expect(() => validator.parse(refused, { toolName: 'Edit' })).toThrow(
        /\/file_path: [^\n]+\n- \/edits\/0\/new_string: expected string, received integer 5/,
      );
      expect(calls).toBe(1);
      // "7" for the offset is converted: the repaired call is validated again, and accepted.
      calls = 0;
      expect(validator.parse({ file_path: 'a.ts', offset: '7' }, { toolName: 'Edit' }).value).toMatchObject({
        file_path: 'a.ts',
        offset: 7,
      });
      expect(calls).toBe(2);
    });
  }

  it('keeps no part of the arguments in the error but capped previews', () => {
    const validator = new StandardSchemaValidator(schemas.zod!() as StandardJsonSchemaValidator, 'Edit');
    const huge = 'x'.repeat(200_000);
    let caught: unknown;
    try {
      validator.parse({ file_path: '', offset: 0, mode: huge }, { toolName: 'Edit' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ToolValidationError);
    expect(
      JSON.stringify({ ...(caught as ToolValidationError), message: (caught as Error).message }).length,
    ).toBeLessThan(2_000);
  });
});
