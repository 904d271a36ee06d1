import { describe, expect, it } from 'vitest';
import { measureJson } from './json-measure.js';

/** `depth` nested objects: `{ "n": { "n": ... {} } }`. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 0; level < depth; level += 1) value = { n: value };
  return value;
}

describe('measureJson', () => {
  const roomy = { maxBytes: 1_000_000, maxDepth: 100 };

  it('counts the serialised size of every kind of value', () => {
    // {"a":"xy","b":[1,null,true]}: 2 + (1+4) + (1+4) + ("xy" 4) + ([] 2 + 3 items) + 1 + 4 + 4
    expect(measureJson({ a: 'xy', b: [1, null, true] }, roomy)).toEqual({
      bytes: 30,
      depth: 2,
      exceeded: undefined,
    });
    expect(measureJson('é', roomy)).toEqual({ bytes: 4, depth: 0, exceeded: undefined });
    expect(measureJson(12345, roomy)).toEqual({ bytes: 5, depth: 0, exceeded: undefined });
    expect(measureJson([], roomy)).toEqual({ bytes: 2, depth: 0, exceeded: undefined });
  });

  it('keeps the deepest level seen, whatever order the walk visits them in', () => {
    expect(measureJson({ z: 1, a: { b: 1 } }, roomy).depth).toBe(2);
    expect(measureJson([[[1]], 2], roomy).depth).toBe(3);
  });

  it('a value at the byte or depth limit passes; one more is exceeded', () => {
    expect(measureJson('x'.repeat(8), { maxBytes: 10, maxDepth: 5 }).exceeded).toBeUndefined();
    expect(measureJson('x'.repeat(9), { maxBytes: 10, maxDepth: 5 })).toEqual({
      bytes: 11,
      depth: 0,
      exceeded: 'bytes',
    });
    expect(measureJson(nested(3), { maxBytes: 1000, maxDepth: 3 }).exceeded).toBeUndefined();
    expect(measureJson(nested(4), { maxBytes: 1000, maxDepth: 3 })).toMatchObject({
      depth: 4,
      exceeded: 'depth',
    });
  });

  it('stops a huge array early, without walking it all', () => {
    const measure = measureJson(new Array(1_000_000).fill('abc'), { maxBytes: 100, maxDepth: 5 });
    expect(measure.exceeded).toBe('bytes');
    expect(measure.bytes).toBeLessThan(1_000_010);
  });
});
