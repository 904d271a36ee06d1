import { Value } from '@sinclair/typebox/value';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import type { ParseOptions } from '../schema/schema-validator.js';
import { deepFreeze, toolSchemaCase } from '../test-support/schema-arbitraries.js';
import { parseToolSchema } from './compile-tool-schema.js';

const options: fc.Arbitrary<ParseOptions> = fc.record(
  {
    coerce: fc.constantFrom('safe' as const, 'none' as const),
    unknownArguments: fc.constantFrom('reject' as const, 'strip' as const),
    nullAsAbsent: fc.boolean(),
    locale: fc.constantFrom('en' as const, 'zh-CN' as const),
    limits: fc.record(
      { maxBytes: fc.integer({ min: 16, max: 4096 }), maxDepth: fc.integer({ min: 1, max: 8 }) },
      { requiredKeys: [] },
    ),
  },
  { requiredKeys: [] },
);

/** Valid arguments, valid arguments with drift, and anything at all. */
function inputsFor(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const drifted = valid.map((value) =>
    JSON.parse(
      JSON.stringify(value, (_key, item) =>
        typeof item === 'number' || typeof item === 'boolean' ? String(item) : item,
      ),
    ),
  );
  return fc.oneof(
    valid,
    drifted,
    fc.jsonValue(),
    fc.anything({ withNullPrototype: true, withObjectString: true }),
    fc.dictionary(fc.string(), fc.jsonValue()),
  );
}

describe('parseToolSchema properties', () => {
  it('never throws anything but a ToolValidationError, and never modifies its input', () => {
    fc.assert(
      fc.property(
        toolSchemaCase().chain((item) => fc.tuple(fc.constant(item.schema), inputsFor(item.valid), options)),
        ([schema, input, parseOptions]) => {
          const snapshot = structuredClone(input);
          deepFreeze(input);
          try {
            parseToolSchema(schema, input, parseOptions);
          } catch (error) {
            if (!ToolValidationError.isInstance(error)) throw error;
            expect(error.message.length).toBeLessThanOrEqual(2000);
            expect(error.issues.length).toBeGreaterThan(0);
          }
          expect(input).toEqual(snapshot);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts every value the TypeBox schema accepts, and the result is still accepted', () => {
    fc.assert(
      fc.property(
        toolSchemaCase().chain((item) => fc.tuple(fc.constant(item.schema), item.valid)),
        ([schema, value]) => {
          expect(Value.Check(schema, value)).toBe(true);
          const result = parseToolSchema(schema, value);
          expect(Value.Check(schema, result.value)).toBe(true);
          expect(result.coercions).toEqual([]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
