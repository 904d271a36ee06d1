import type { TSchema } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileJsonSchema } from '../foreign/compile-json-schema.js';
import { lintToolDeclaration } from '../lint/lint-tool-declaration.js';
import { parseToolSchema } from '../parse/compile-tool-schema.js';
import { type JsonSchema, PROVIDER_TARGETS } from '../schema/json-types.js';
import { toolSchemaCase } from '../test-support/schema-arbitraries.js';
import { GEMINI_SCHEMA_KEYWORDS } from './gemini-schema.js';
import { projectSchema } from './project-schema.js';
import { projectionNotes } from './projection-notes.js';
import { toJsonSchema } from './to-json-schema.js';

const ajv = new Ajv({ strict: false, allErrors: false });

function accepts(schema: JsonSchema, value: unknown): boolean {
  const validate = ajv.compile(structuredClone(schema));
  ajv.removeSchema(validate.schema as object);
  return validate(value) === true;
}

/** Gemini's OpenAPI `nullable: true` in JSON Schema terms, so Ajv can check a Gemini projection. */
function geminiAsJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(geminiAsJsonSchema);
  if (typeof node !== 'object' || node === null) return node;
  const output: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'nullable') continue;
    output[key] =
      key === 'properties'
        ? Object.fromEntries(
            Object.entries(value as object).map(([name, child]) => [name, geminiAsJsonSchema(child)]),
          )
        : geminiAsJsonSchema(value);
  }
  if ((node as { nullable?: unknown }).nullable === true) return { anyOf: [output, { type: 'null' }] };
  return output;
}

/** What a model sends under OpenAI strict mode: every absent optional property as null. */
function strictCall(schema: TSchema, value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value))
    return schema.items === undefined ? value : value.map((item) => strictCall(schema.items, item));
  if (schema.properties === undefined) {
    const union = (schema.anyOf ?? []) as TSchema[];
    const member = union.find(
      (candidate) => candidate.type === 'object' && candidate.properties !== undefined,
    );
    return member === undefined ? value : strictCall(member, value);
  }
  const output: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [name, property] of Object.entries(schema.properties as Record<string, TSchema>)) {
    output[name] = name in output ? strictCall(property, output[name]) : null;
  }
  return output;
}

function schemaNodes(root: unknown): Array<Record<string, unknown>> {
  const nodes: Array<Record<string, unknown>> = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    if (typeof node !== 'object' || node === null) continue;
    nodes.push(node);
    if (node.properties !== undefined) stack.push(...Object.values(node.properties as object));
    if (node.items !== undefined) stack.push(node.items);
    if (Array.isArray(node.anyOf)) stack.push(...node.anyOf);
  }
  return nodes;
}

describe('projection properties', () => {
  it('every projection is plain JSON and accepts what the TypeBox schema accepts', () => {
    fc.assert(
      fc.property(
        toolSchemaCase().chain((item) =>
          fc.tuple(fc.constant(item), fc.array(item.valid, { minLength: 1, maxLength: 3 })),
        ),
        ([item, values]) => {
          const neutral = toJsonSchema(item.schema);
          for (const target of PROVIDER_TARGETS) {
            const projected = projectSchema(neutral, target);
            expect(JSON.parse(JSON.stringify(projected))).toEqual(projected);
            const checkable = target === 'gemini' ? (geminiAsJsonSchema(projected) as JsonSchema) : projected;
            for (const value of values) expect(accepts(checkable, value)).toBe(true);
          }
        },
      ),
      // Each run compiles five projections with Ajv; keep the suite light on a shared machine.
      { numRuns: 60 },
    );
  });

  it('strict projection accepts the strict form of every valid call, and nullAsAbsent parses it back to the same params', () => {
    fc.assert(
      fc.property(
        toolSchemaCase()
          .filter((item) => !item.optionalNullable)
          .chain((item) => fc.tuple(fc.constant(item), item.valid)),
        ([item, value]) => {
          for (const target of ['openai-chat', 'openai-responses'] as const) {
            const strict = projectSchema(toJsonSchema(item.schema), target, { strict: true });
            expect(JSON.parse(JSON.stringify(strict))).toEqual(strict);
            const call = strictCall(item.schema, value);
            expect(accepts(strict, call)).toBe(true);
            expect(parseToolSchema(item.schema, call, { nullAsAbsent: true }).value).toEqual(
              parseToolSchema(item.schema, value).value,
            );
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('foreign enums and consts of any JSON scalars project to something Gemini accepts, that accepts every listed value, and parse back unchanged', () => {
    const scalar = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.double({ min: -10, max: 10, noNaN: true }).filter((value) => !Object.is(value, -0)),
      fc.boolean(),
      fc.constantFrom('a', 'auto', '1', 'true', 'x y'),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(scalar, { minLength: 1, maxLength: 5 }),
        fc.constantFrom('enum', 'const'),
        fc.boolean(),
        (values, keyword, typed) => {
          const listed = keyword === 'const' ? values.slice(0, 1) : values;
          const field: JsonSchema = keyword === 'const' ? { const: listed[0]! } : { enum: listed };
          const kinds = [...new Set(listed.map((value) => (value === null ? 'null' : typeof value)))];
          // A declared type, when the values share one (the way most servers write it).
          if (typed && kinds.length === 1 && kinds[0] !== 'null')
            field.type = kinds[0] === 'number' && listed.every(Number.isInteger) ? 'integer' : kinds[0]!;
          const validator = compileJsonSchema({ type: 'object', properties: { field } });
          const projected = projectSchema(validator.toJsonSchema(), 'gemini');
          for (const node of schemaNodes(projected)) {
            expect('const' in node).toBe(false);
            if (node.enum !== undefined) {
              expect(node.type).toBe('string');
              expect((node.enum as unknown[]).every((member) => typeof member === 'string')).toBe(true);
            }
          }
          const checkable = geminiAsJsonSchema(projected) as JsonSchema;
          for (const value of listed) {
            expect(accepts(checkable, { field: value })).toBe(true);
            expect(validator.parse({ field: value }).value).toEqual({ field: value });
          }
        },
      ),
      { numRuns: 80 },
    );
  });

  it('no Gemini projection contains a keyword, type list, non-string or untyped enum Gemini rejects', () => {
    fc.assert(
      fc.property(toolSchemaCase(3), (item) => {
        const projected = projectSchema(toJsonSchema(item.schema), 'gemini');
        for (const node of schemaNodes(projected)) {
          for (const key of Object.keys(node)) expect(GEMINI_SCHEMA_KEYWORDS.has(key)).toBe(true);
          expect(Array.isArray(node.type)).toBe(false);
        }
        for (const node of schemaNodes(projected)) {
          // Gemini: "function declaration enum only allowed for STRING type", and never without a type.
          if (node.enum !== undefined) {
            expect(node.type).toBe('string');
            expect((node.enum as unknown[]).every((member) => typeof member === 'string')).toBe(true);
          }
        }
        // Property names are the tool's contract and are not renamed; the lint reports those apart.
        // What the projection itself changed (a rule moved into words) is reported as such, not as a rejection.
        const changed = new Set(projectionNotes(projected).map((note) => note.reason));
        const issues = lintToolDeclaration(
          { name: 'generated_tool', description: 'd', parameters: projected },
          'gemini',
        );
        expect(
          issues.filter(
            (issue) => !issue.reason.startsWith('Gemini parameter names') && !changed.has(issue.reason),
          ),
        ).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
