import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { linearMatch } from '../foreign/json-schema-filler.js';
import { messageCatalog } from '../messages/message-catalog.js';
import { rewriteSchema } from '../schema/rewrite-schema.js';
import { createRefResolver, type SchemaNode } from '../schema/schema-node.js';
import { buildSchemaPlan, type SchemaPlan } from '../schema/schema-plan.js';
import { compileUndeclaredCheck } from '../schema-kinds/undeclared-check.js';
import { toolSchemaCase } from '../test-support/schema-arbitraries.js';
import { DEFAULT_ARGUMENT_LIMITS, guardArguments } from './argument-guard.js';
import { compileDeclaredKeys, LINEAR_LOOKUP_LIMIT } from './declared-keys.js';

const catalog = messageCatalog('en');

/** The plan a Standard Schema validator checks keys against: the JSON Schema, closed. */
function closedPlan(schema: unknown): SchemaPlan {
  const closed = rewriteSchema(JSON.parse(JSON.stringify(schema)), 'validation') as SchemaNode;
  return buildSchemaPlan(closed, createRefResolver(closed));
}

function verdictOf(plan: SchemaPlan, value: unknown) {
  return guardArguments(value, DEFAULT_ARGUMENT_LIMITS, catalog, 'T', undefined, compileDeclaredKeys(plan));
}

/** `value` with a stray key added to the objects `pick` selects (by their order in a walk). */
function withStrays(value: unknown, pick: readonly boolean[], strayValue: unknown): unknown {
  let seen = 0;
  const walk = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (Array.isArray(node)) return node.map(walk);
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) copy[key] = walk(child);
    if (pick[seen++ % pick.length]) copy.stray = strayValue;
    return copy;
  };
  return walk(value);
}

/** `schema` (as JSON) with `additionalProperties: true` on the object nodes `pick` selects: open objects. */
function withOpenObjects(schema: unknown, pick: readonly boolean[]): unknown {
  let seen = 0;
  const walk = (node: unknown): unknown => {
    if (typeof node !== 'object' || node === null) return node;
    if (Array.isArray(node)) return node.map(walk);
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) copy[key] = walk(child);
    if (copy.type === 'object' && pick[seen++ % pick.length]) copy.additionalProperties = true;
    return copy;
  };
  return walk(JSON.parse(JSON.stringify(schema)));
}

describe('the unknown-key verdict of the argument guard', () => {
  it('agrees with the unknown-key check of the valid path wherever it is sure', () => {
    const verdicts = { none: 0, found: 0, unsure: 0 };
    fc.assert(
      fc.property(
        toolSchemaCase(3).chain((schemaCase) =>
          fc.tuple(
            fc.oneof(
              fc.constant(schemaCase.schema),
              fc
                .array(fc.boolean(), { minLength: 1, maxLength: 4 })
                .map((pick) => withOpenObjects(schemaCase.schema, pick)),
            ),
            fc.oneof(
              schemaCase.valid,
              fc
                .tuple(
                  schemaCase.valid,
                  fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
                  fc.constantFrom(1, undefined, { nested: true }),
                )
                .map(([value, pick, stray]) => withStrays(value, pick, stray)),
              fc.jsonValue({ maxDepth: 3 }),
            ),
          ),
        ),
        ([schema, value]) => {
          const plan = closedPlan(schema);
          let verdict: ReturnType<typeof verdictOf>;
          try {
            verdict = verdictOf(plan, value);
          } catch (error) {
            // A value the guard refuses (a generated "__proto__" key) is never checked for keys.
            expect(error).toBeInstanceOf(ToolValidationError);
            return;
          }
          verdicts[verdict]++;
          const reference = compileUndeclaredCheck(plan, linearMatch)(value);
          if (verdict !== 'unsure') expect(verdict).toBe(reference ? 'found' : 'none');
        },
      ),
      { numRuns: 1_000 },
    );
    // The verdict is sure for most schemas: otherwise the check above would hold vacuously.
    expect(verdicts.none).toBeGreaterThan(100);
    expect(verdicts.found).toBeGreaterThan(100);
  });

  it('counts a key whose value is undefined, and looks into array items', () => {
    const plan = closedPlan({
      type: 'object',
      properties: {
        path: { type: 'string' },
        edits: { type: 'array', items: { type: 'object', properties: { text: { type: 'string' } } } },
      },
    });
    expect(verdictOf(plan, { path: 'a', edits: [{ text: 'b' }] })).toBe('none');
    expect(verdictOf(plan, { path: 'a', extra: undefined })).toBe('found');
    expect(verdictOf(plan, { path: 'a', edits: [{ text: 'b' }, { text: 'c', extra: 1 }] })).toBe('found');
  });

  it.each([LINEAR_LOOKUP_LIMIT - 1, LINEAR_LOOKUP_LIMIT, LINEAR_LOOKUP_LIMIT + 1, 3 * LINEAR_LOOKUP_LIMIT])(
    'finds every declared name among %i, wherever it is declared, and nothing else',
    (count) => {
      const names = Array.from({ length: count }, (_, index) => `name_${index}`);
      // The last name holds a list of closed objects: its rules are found by the name's place too.
      const properties: Record<string, unknown> = Object.fromEntries(
        names.map((name) => [name, { type: 'string' }]),
      );
      const last = names[count - 1] as string;
      properties[last] = {
        type: 'array',
        items: { type: 'object', properties: { text: { type: 'string' } } },
      };
      const plan = closedPlan({ type: 'object', properties });
      const every: Record<string, unknown> = Object.fromEntries(names.map((name) => [name, 'v']));
      every[last] = [{ text: 'a' }];
      expect(verdictOf(plan, every)).toBe('none');
      expect(verdictOf(plan, { ...every, name_x: 'v' })).toBe('found');
      expect(verdictOf(plan, { [`${names[0]}_`]: 'v' })).toBe('found');
      expect(verdictOf(plan, { ...every, [last]: [{ text: 'a' }, { text: 'b', extra: 1 }] })).toBe('found');
    },
  );

  it('is unsure where the rule depends on more than the key, and without key rules', () => {
    const plan = closedPlan({
      type: 'object',
      properties: {
        target: {
          anyOf: [
            { type: 'object', properties: { file: { type: 'string' } } },
            { type: 'object', properties: { url: { type: 'string' } } },
          ],
        },
      },
    });
    expect(verdictOf(plan, { target: { file: 'a' } })).toBe('unsure');
    expect(verdictOf(plan, { target: 'a' })).toBe('none');
    expect(guardArguments({ a: 1 }, DEFAULT_ARGUMENT_LIMITS, catalog, 'T')).toBe('unsure');
  });
});
