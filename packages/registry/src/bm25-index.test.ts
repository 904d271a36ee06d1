import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bm25Index, type SearchDocument } from './bm25-index.js';
import { tokenize } from './tokenize.js';

const documents: Record<string, SearchDocument> = {
  mcp__github__create_issue: {
    name: 'mcp__github__create_issue',
    description: 'Create a new issue in a GitHub repository.',
    tags: ['issues'],
    server: 'github',
  },
  mcp__github__list_pull_requests: {
    name: 'mcp__github__list_pull_requests',
    description: 'List pull requests of a repository, filtered by state.',
    tags: [],
    server: 'github',
  },
  mcp__calendar__create_event: {
    name: 'mcp__calendar__create_event',
    description: 'Create a calendar event with attendees.',
    tags: ['scheduling'],
    server: 'calendar',
  },
  ReadFile: { name: 'ReadFile', description: 'Read a file from the workspace.', tags: ['filesystem'] },
};

function indexOf(entries: Record<string, SearchDocument>): Bm25Index {
  const index = new Bm25Index();
  for (const [id, document] of Object.entries(entries)) index.add(id, document);
  return index;
}

describe('tokenize', () => {
  it('splits MCP names, camel case and plurals into the terms a model would type', () => {
    expect(tokenize('mcp__github__create_issue')).toEqual(['github', 'create', 'issue']);
    expect(tokenize('readFile HTTPServer')).toEqual(['read', 'file', 'http', 'server']);
    expect(tokenize('List the entries of files')).toEqual(['list', 'entry', 'file']);
  });
});

describe('Bm25Index', () => {
  it('ranks the tool whose name matches above one that only mentions the word', () => {
    const hits = indexOf(documents).search('create issue', 5);
    expect(hits[0]?.id).toBe('mcp__github__create_issue');
    expect(hits.map((hit) => hit.id)).toContain('mcp__calendar__create_event');
  });

  it('finds tools by server and by tag', () => {
    const index = indexOf(documents);
    expect(index.search('calendar', 5).map((hit) => hit.id)).toEqual(['mcp__calendar__create_event']);
    expect(index.search('filesystem', 5).map((hit) => hit.id)).toEqual(['ReadFile']);
  });

  it('widens an unknown word to the terms it prefixes', () => {
    expect(
      indexOf(documents)
        .search('calend', 5)
        .map((hit) => hit.id),
    ).toEqual(['mcp__calendar__create_event']);
  });

  it('returns nothing for words no tool contains, and honours the limit and the filter', () => {
    const index = indexOf(documents);
    expect(index.search('zebra', 5)).toEqual([]);
    // The shorter description ranks first (BM25 length normalisation); the limit keeps one.
    expect(index.search('create', 1).map((hit) => hit.id)).toEqual(['mcp__calendar__create_event']);
    expect(
      index.search('create', 5, (id) => id !== 'mcp__github__create_issue').map((hit) => hit.id),
    ).toEqual(['mcp__calendar__create_event']);
  });

  it('forgets a removed document completely', () => {
    const index = indexOf(documents);
    const vocabulary = index.vocabularySize;
    index.remove('mcp__calendar__create_event');
    expect(index.search('calendar attendee', 5)).toEqual([]);
    expect(index.vocabularySize).toBeLessThan(vocabulary);
    expect(index.remove('mcp__calendar__create_event')).toBe(false);
  });

  it('ranks exactly as an index built from scratch after any sequence of adds and removes', () => {
    const words = ['read', 'file', 'issue', 'create', 'list', 'calendar', 'event', 'search', 'query'];
    const documentArbitrary = fc.record({
      description: fc.array(fc.constantFrom(...words), { maxLength: 8 }).map((parts) => parts.join(' ')),
      tags: fc.array(fc.constantFrom(...words), { maxLength: 2 }),
    });
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        id: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
        document: documentArbitrary,
      }),
      fc.record({ kind: fc.constant('remove' as const), id: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 30 }), fc.constantFrom(...words), (operations, query) => {
        const incremental = new Bm25Index();
        const finalState = new Map<string, SearchDocument>();
        for (const step of operations) {
          if (step.kind === 'add') {
            const document = { name: `tool_${step.id}`, ...step.document };
            incremental.add(step.id, document);
            finalState.set(step.id, document);
          } else {
            incremental.remove(step.id);
            finalState.delete(step.id);
          }
        }
        const fresh = new Bm25Index();
        for (const [id, document] of finalState) fresh.add(id, document);
        const round = (hits: { id: string; score: number }[]) =>
          hits.map((hit) => ({ id: hit.id, score: Math.round(hit.score * 1e9) }));
        expect(round(incremental.search(query, 5))).toEqual(round(fresh.search(query, 5)));
      }),
      { numRuns: 200 },
    );
  });
});
