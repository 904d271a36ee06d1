// The search index keeps term numbers, slots and frequencies in arrays as narrow as their values;
// a value too wide for an array must widen it (never wrap around), and ranking must not change.
import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25-index.js';
import { holding, narrowed, uintArrayFor, withRoom } from './narrow-uint-arrays.js';

describe('narrow unsigned arrays', () => {
  it('pick the narrowest width for the largest value', () => {
    expect(uintArrayFor(4, 255)).toBeInstanceOf(Uint8Array);
    expect(uintArrayFor(4, 256)).toBeInstanceOf(Uint16Array);
    expect(uintArrayFor(4, 65_536)).toBeInstanceOf(Uint32Array);
  });

  it('widen, keeping every value, when a larger one comes', () => {
    const bytes = uintArrayFor(3, 1);
    bytes.set([7, 255, 3]);
    expect(holding(bytes, 200)).toBe(bytes);
    const wider = holding(bytes, 70_000);
    expect(wider).toBeInstanceOf(Uint32Array);
    expect([...wider]).toEqual([7, 255, 3]);
    wider[0] = 70_000;
    expect(wider[0]).toBe(70_000);
  });

  it('grow at the same width, and narrow to a trimmed copy', () => {
    const grown = withRoom(Uint16Array.of(1, 300), 10);
    expect(grown).toBeInstanceOf(Uint16Array);
    expect([...grown.subarray(0, 2)]).toEqual([1, 300]);
    const trimmed = narrowed(Uint32Array.of(1, 2, 3, 0, 0, 0, 0, 0), 3, 3);
    expect(trimmed).toBeInstanceOf(Uint8Array);
    expect([...trimmed]).toEqual([1, 2, 3]);
    const fits = Uint8Array.of(1, 2, 3);
    expect(narrowed(fits, 3, 3)).toBe(fits);
  });
});

describe('Bm25Index past the narrow widths', () => {
  const documentOf = (id: number) => ({
    name: `tool_${id}`,
    // A term of its own per document (hundreds of terms in all); after the first hundred, every
    // seventh holds "common" 256 times, a frequency a byte would wrap to 0.
    description: `word${id} ${'common '.repeat(id >= 100 && id % 7 === 0 ? 256 : 1)}`,
    tags: [],
  });
  const round = (hits: { id: string; score: number }[]) =>
    hits.map((hit) => ({ id: hit.id, score: Math.round(hit.score * 1e9) }));

  it('ranks as an index built at once after searches narrowed it and later documents widened it', () => {
    const incremental = new Bm25Index();
    for (let id = 0; id < 100; id += 1) incremental.add(`t${id}`, documentOf(id));
    // The first search builds the postings and narrows the forward store (100 terms, small frequencies).
    incremental.search('word5', 5);
    for (let id = 100; id < 700; id += 1) incremental.add(`t${id}`, documentOf(id));
    const fresh = new Bm25Index();
    for (let id = 0; id < 700; id += 1) fresh.add(`t${id}`, documentOf(id));
    for (const query of ['common', 'word650', 'word7 word699', 'tool']) {
      const hits = round(incremental.search(query, 10));
      expect(hits.length).toBeGreaterThan(0);
      expect(hits).toEqual(round(fresh.search(query, 10)));
    }
    // The documents holding "common" 256 times rank first.
    for (const hit of incremental.search('common', 20)) expect(Number(hit.id.slice(1)) % 7).toBe(0);
    expect(incremental.search('word699', 1)).toEqual([expect.objectContaining({ id: 't699' })]);
  });
});
