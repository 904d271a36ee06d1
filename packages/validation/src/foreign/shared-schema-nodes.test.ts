// Screened foreign schemas share their small subschemas: a catalog of thousands of MCP tools holds
// one `{ "type": "string" }`, not thousands. Sharing must never be visible in what a tool accepts,
// refuses or declares, and must never let one schema reach another.
import { describe, expect, it } from 'vitest';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { compileJsonSchema } from './compile-json-schema.js';
import { screenJsonSchema } from './prescreen-json-schema.js';

function screened(schema: unknown): Record<string, unknown> {
  const { report, refusal } = screenJsonSchema(schema);
  if (report === undefined) throw new Error(`refused: ${refusal.problem}`);
  return report.copy;
}

const owner = () => ({ type: 'string', description: 'Owner of the repository.' });

describe('screened schemas share their small subschemas', () => {
  it('holds one frozen object for a subschema two schemas repeat, and copies stay equal to their input', () => {
    const first = { type: 'object', properties: { owner: owner(), page: { type: 'integer', minimum: 1 } } };
    const second = {
      type: 'object',
      properties: { owner: owner(), title: { type: 'string' } },
      required: ['owner'],
    };
    const [a, b] = [screened(first), screened(second)];
    expect(a).toStrictEqual(first);
    expect(b).toStrictEqual(second);
    const ownerOf = (copy: Record<string, unknown>) => (copy.properties as Record<string, unknown>).owner;
    expect(ownerOf(a)).toBe(ownerOf(b));
    expect(Object.isFrozen(ownerOf(a))).toBe(true);
    // The root is the caller's own, and a later change to the input reaches no copy.
    expect(Object.isFrozen(a)).toBe(false);
    first.properties.owner.description = 'changed';
    expect(ownerOf(screened(second))).toStrictEqual(owner());
  });

  it('shares by exact JSON text: a different key order, -0 or another value is another node', () => {
    const a = screened({ type: 'object', properties: { x: { type: 'number', minimum: 0 } } });
    const b = screened({ type: 'object', properties: { x: { minimum: 0, type: 'number' } } });
    const c = screened({ type: 'object', properties: { x: { type: 'number', minimum: -0 } } });
    const x = (copy: Record<string, unknown>) =>
      (copy.properties as Record<string, Record<string, unknown>>).x;
    expect(x(a)).not.toBe(x(b));
    expect(Object.keys(x(b) as object)).toEqual(['minimum', 'type']);
    expect(Object.is(x(c)?.minimum, -0)).toBe(true);
  });

  it('never takes one node for another whose text differs only where the hash does not look', () => {
    // Length 9: the hash samples characters 0, 2, 4, 6 and 8; these differ at 1 only.
    const a = screened({ type: 'object', properties: { x: { description: 'aXbbbbbbc' } } });
    const b = screened({ type: 'object', properties: { x: { description: 'aYbbbbbbc' } } });
    const x = (copy: Record<string, unknown>) =>
      (copy.properties as Record<string, Record<string, unknown>>).x;
    expect(x(a)?.description).toBe('aXbbbbbbc');
    expect(x(b)?.description).toBe('aYbbbbbbc');
  });

  it('changes nothing that tools sharing a subschema accept, refuse or declare', () => {
    const limit = { type: 'integer', minimum: 1, maximum: 10, default: 5 };
    const search = compileJsonSchema(
      { type: 'object', properties: { query: { type: 'string' }, limit }, required: ['query'] },
      undefined,
      { name: 'search' },
    );
    const list = compileJsonSchema({ type: 'object', properties: { limit: { ...limit } } }, undefined, {
      name: 'list',
    });
    expect(search.parse({ query: 'q' }).value).toEqual({ query: 'q', limit: 5 });
    expect(list.parse({}).value).toEqual({ limit: 5 });
    const refusal = (() => {
      try {
        list.parse({ limit: 11 });
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(ToolValidationError);
    expect((refusal as ToolValidationError).message).toContain('/limit: expected integer >= 1 and <= 10');
    expect(search.toJsonSchema()).toStrictEqual({
      type: 'object',
      properties: { query: { type: 'string' }, limit },
      required: ['query'],
      additionalProperties: false,
    });
    expect(list.toJsonSchema()).toStrictEqual({
      type: 'object',
      properties: { limit },
      required: [],
      additionalProperties: false,
    });
  });

  it('gives the same projection again after it was let go (it is held weakly)', async () => {
    const validator = compileJsonSchema({ type: 'object', properties: { path: { type: 'string' } } });
    const projected = structuredClone(validator.toJsonSchema());
    expect(validator.toJsonSchema()).toBe(validator.toJsonSchema());
    await new Promise((resolve) => setImmediate(resolve));
    expect(validator.toJsonSchema()).toStrictEqual(projected);
    expect(Object.isFrozen(validator.toJsonSchema())).toBe(true);
  });
});

describe('subschemas that differ only inside strings of equal length', () => {
  it('are each shared among their own repeats', () => {
    const identifier = (noun: string) => ({
      type: 'object',
      properties: { id: { type: 'string', description: `Identifier of the ${noun}.` } },
    });
    const idOf = (copy: Record<string, unknown>) => (copy.properties as Record<string, unknown>).id;
    // Same length, and the same characters where a sampled hash looks: only a whole hash tells them apart.
    const [issueA, imageA, issueB, imageB] = ['issue', 'image', 'issue', 'image'].map((noun) =>
      idOf(screened(identifier(noun))),
    );
    expect(issueA).toBe(issueB);
    expect(imageA).toBe(imageB);
    expect(issueA).not.toBe(imageA);
  });
});
