import { Type } from '@sinclair/typebox';
import { thrownBy } from '@toolwright/test-support';
import { closestName } from '@toolwright/utils';
import { describe, expect, it, vi } from 'vitest';
import { ToolValidationError } from '../errors/tool-validation-error.js';
import { parseToolSchema } from '../parse/compile-tool-schema.js';

// The real did-you-mean, wrapped so a test can see which names it was asked about.
vi.mock('@toolwright/utils', async (importOriginal) => {
  const real = await importOriginal<typeof import('@toolwright/utils')>();
  return { ...real, closestName: vi.fn(real.closestName) };
});

/** The ToolValidationError `run` throws. */
const rejection = (run: () => unknown) => thrownBy(run, ToolValidationError);

describe('did you mean (the shared, bounded one of @toolwright/utils)', () => {
  const schema = Type.Object({
    file_path: Type.String(),
    offset: Type.Optional(Type.Integer()),
    limit: Type.Optional(Type.Integer()),
  });

  it('suggests only a close name, case-insensitively, first one on a tie', () => {
    const suggestionFor = (name: string) =>
      /did you mean "([^"]+)"/.exec(
        rejection(() => parseToolSchema(schema, { file_path: '/a', [name]: 1 })).issues[0]?.message ?? '',
      )?.[1];
    expect(suggestionFor('filePath')).toBe('file_path');
    expect(suggestionFor('LIMIT')).toBe('limit');
    expect(suggestionFor('ofset')).toBe('offset');
    expect(suggestionFor('pattern')).toBeUndefined();
    const tie = Type.Object({ ac: Type.Optional(Type.String()), ad: Type.Optional(Type.String()) });
    expect(rejection(() => parseToolSchema(tie, { ab: 'x' })).issues[0]?.message).toBe(
      'unknown argument "ab" (did you mean "ac"?); accepted arguments: ac, ad',
    );
  });

  it('stays bounded: 40 unknown 301-character keys against 500 long property names go only through the bounded did-you-mean', () => {
    // The reported case: it took 16 s when every long key was compared with every long name.
    // Counted, not timed: each unknown key is handed once to the shared closestName, whose own
    // tests prove it reads no known name for a key over its length limit.
    const properties = Object.fromEntries(
      Array.from({ length: 500 }, (_, index) => [
        `property_${String(index).padStart(3, '0')}_${'n'.repeat(288)}`,
        Type.Optional(Type.String()),
      ]),
    );
    const wide = Type.Object(properties);
    const input = Object.fromEntries(
      Array.from({ length: 40 }, (_, index) => [`${'k'.repeat(298)}${String(index).padStart(3, '0')}`, 1]),
    );
    parseToolSchema(wide, {}); // compile before counting
    vi.mocked(closestName).mockClear();
    const error = rejection(() => parseToolSchema(wide, input));
    expect(Object.keys(input).every((key) => key.length === 301)).toBe(true);
    expect(error.issues[0]?.keyword).toBe('additionalProperties');
    expect(error.issues[0]?.message).not.toContain('did you mean');
    const asked = vi.mocked(closestName).mock.calls.map(([name]) => name);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((name) => name in input)).toBe(true);
    expect(new Set(asked).size).toBe(asked.length);
  });
});

describe('previews of what was sent (the shared previewValue of @toolwright/utils)', () => {
  const schema = Type.Object({ count: Type.Integer() });
  const received = (value: unknown) =>
    rejection(() => parseToolSchema(schema, { count: value })).issues[0]?.received;

  it('names the JSON type and shows a short, capped preview', () => {
    expect(received(null)).toBe('null');
    expect(received(0.5)).toBe('number 0.5');
    expect(received(true)).toBe('boolean true');
    expect(received('abc')).toBe('string "abc"');
    expect(received('x'.repeat(10_000))).toBe(`string "${'x'.repeat(47)}…"`);
    expect(received([1, 2, 3])).toBe('array of 3 items');
    expect(received({ a: 1, b: 2 })).toBe('object {a, b}');
    expect(received({ a: 1, b: 2, c: 3, d: 4, e: 5, f: 6 })).toBe('object {a, b, c, d, …}');
    expect(rejection(() => parseToolSchema(schema, {})).issues[0]?.received).toBe('nothing');
  });

  it('never hands control characters on: a hostile value or key reaches no terminal raw', () => {
    expect(received('line\n\u001b[2J')).toBe('string "line\\u000a\\u001b[2J"');
    const error = rejection(() => parseToolSchema(schema, { count: 1, 'evil\u001b[2J': 1 }));
    expect(error.message).not.toContain('\u001b');
    expect(error.message).toContain('unknown argument "evil\\u001b[2J"');
  });
});
