import { describe, expect, it } from 'vitest';
import { headAndTail } from './text-preview.js';

describe('headAndTail', () => {
  it('keeps whole texts that fit, omitting nothing', () => {
    expect(headAndTail('short', 8, 4)).toEqual({ head: 'short', tail: '', omittedBytes: 0, byteLength: 5 });
  });

  it('cuts within the byte budgets on character boundaries (multi-byte and surrogate pairs)', () => {
    // é is 2 bytes, 😀 is 4 (a surrogate pair): a 5-byte head cannot hold a third é, a 6-byte tail holds one emoji.
    const text = `ééé${'x'.repeat(10)}a😀😀`;
    const preview = headAndTail(text, 5, 6);
    expect(preview.head).toBe('éé');
    expect(preview.tail).toBe('😀');
    expect(preview.byteLength).toBe(Buffer.byteLength(text));
    expect(preview.omittedBytes).toBe(Buffer.byteLength(text) - 4 - 4);
  });

  it('never lets the tail overlap the head', () => {
    const preview = headAndTail('abcdef', 4, 4);
    expect([preview.head, preview.tail, preview.omittedBytes]).toEqual(['abcd', 'ef', 0]);
  });
});
