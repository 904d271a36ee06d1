import { describe, expect, it } from 'vitest';
import { listAllPages } from './paginate.js';

const options = { server: 'pages', list: 'tools', maxPages: 10 } as const;

describe('listAllPages', () => {
  it('follows cursors until the last page', async () => {
    const listing = await listAllPages(async (cursor) => {
      const page = cursor === undefined ? 0 : Number(cursor);
      return { items: [page * 2, page * 2 + 1], nextCursor: page < 4 ? String(page + 1) : undefined };
    }, options);
    expect(listing).toMatchObject({ pages: 5, complete: true, diagnostics: [] });
    expect(listing.items).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('stops on a cursor seen before and keeps what arrived, with a diagnostic naming the server', async () => {
    let calls = 0;
    const listing = await listAllPages(async (cursor) => {
      calls += 1;
      return {
        items: [cursor ?? 'first'],
        nextCursor: cursor === undefined ? 'a' : cursor === 'a' ? 'b' : 'a',
      };
    }, options);
    expect(calls).toBe(3);
    expect(listing.complete).toBe(false);
    expect(listing.items).toEqual(['first', 'a', 'b']);
    expect(listing.diagnostics[0]).toMatchObject({ code: 'pagination_cursor_repeated', server: 'pages' });
    expect(listing.diagnostics[0]?.message).toContain('"a" a second time');
  });

  it('stops at the page cap when cursors keep changing', async () => {
    let counter = 0;
    const listing = await listAllPages(
      async () => ({ items: [counter], nextCursor: `c${++counter}` }),
      options,
    );
    expect(listing.pages).toBe(10);
    expect(listing.diagnostics[0]).toMatchObject({ code: 'pagination_page_cap' });
    expect(listing.diagnostics[0]?.message).toContain('page cap is 10');
  });
});
