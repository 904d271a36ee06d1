import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bm25Index, type SearchDocument } from './bm25-index.js';

const WORDS = ['read', 'file', 'issue', 'create', 'list', 'calendar', 'event', 'search', 'query', 'zone'];
const QUERIES = ['create issue', 'calendar', 'cal', 'read file zone', 'que', 'nothing here'];

function documentOf(id: number, words: readonly string[]): SearchDocument {
  return {
    name: `tool_${id}`,
    description: words.join(' '),
    tags: words.slice(0, 1),
    server: `server${id % 3}`,
  };
}

const round = (hits: { id: string; score: number }[]) =>
  hits.map((hit) => ({ id: hit.id, score: Math.round(hit.score * 1e9) }));

function expectSameRanking(incremental: Bm25Index, state: ReadonlyMap<string, SearchDocument>): void {
  const fresh = new Bm25Index();
  for (const [id, document] of state) fresh.add(id, document);
  expect(incremental.size).toBe(fresh.size);
  expect(incremental.vocabularySize).toBe(fresh.vocabularySize);
  for (const query of QUERIES) {
    expect(round(incremental.search(query, 20))).toEqual(round(fresh.search(query, 20)));
  }
}

describe('Bm25Index postings built on search', () => {
  it('ranks as a fresh index while searches interleave with adds and removes of a large catalog', () => {
    // Searches build the postings; documents added after them are read from the forward store;
    // removals leave dead entries that a sweep drops. Every state must rank as a fresh index.
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        id: fc.integer({ min: 0, max: 299 }),
        words: fc.array(fc.constantFrom(...WORDS), { maxLength: 6 }),
      }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.integer({ min: 0, max: 299 }) }),
      fc.record({ kind: fc.constant('search' as const), query: fc.constantFrom(...QUERIES) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { minLength: 50, maxLength: 400 }), (operations) => {
        const incremental = new Bm25Index();
        const state = new Map<string, SearchDocument>();
        // A catalog larger than the scanned tail, so that the postings are really built.
        for (let id = 0; id < 200; id += 1) {
          const document = documentOf(id, [WORDS[id % WORDS.length] as string, 'zone']);
          incremental.add(`t${id}`, document);
          state.set(`t${id}`, document);
        }
        for (const step of operations) {
          if (step.kind === 'add') {
            const document = documentOf(step.id, step.words);
            incremental.add(`t${step.id}`, document);
            state.set(`t${step.id}`, document);
          } else if (step.kind === 'remove') {
            expect(incremental.remove(`t${step.id}`)).toBe(state.delete(`t${step.id}`));
          } else {
            incremental.search(step.query, 5);
          }
        }
        expectSameRanking(incremental, state);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps a clone apart from its original after both change', () => {
    const original = new Bm25Index();
    const state = new Map<string, SearchDocument>();
    for (let id = 0; id < 150; id += 1) {
      const document = documentOf(id, [WORDS[id % WORDS.length] as string]);
      original.add(`t${id}`, document);
      state.set(`t${id}`, document);
    }
    original.search('calendar', 5);
    const copy = original.clone();
    const copyState = new Map(state);
    for (let id = 0; id < 120; id += 1) {
      original.remove(`t${id}`);
      state.delete(`t${id}`);
    }
    const added = documentOf(999, ['zone', 'calendar']);
    copy.add('t999', added);
    copyState.set('t999', added);
    expectSameRanking(original, state);
    expectSameRanking(copy, copyState);
  });

  it('counts a term repeated past 16 bits at the cap instead of wrapping round', () => {
    const index = new Bm25Index();
    // 65,537 wraps round to 1 in 16 bits, which would rank the long document last.
    index.add('long', { name: 'long', description: 'zone '.repeat(65_537), tags: [] });
    index.add('short', { name: 'short', description: 'zone', tags: [] });
    const hits = index.search('zone', 2);
    expect(hits.map((hit) => hit.id)).toEqual(['long', 'short']);
  });
});
