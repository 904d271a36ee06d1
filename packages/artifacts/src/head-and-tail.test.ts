import { describe, expect, it } from 'vitest';
import { headAndTail, headEnd, tailStart } from './head-and-tail.js';

/** The cut computed on the whole encoded text: what the windowed path must reproduce. */
function cutOfWholeText(text: string, headBytes: number, tailBytes: number) {
  const bytes = Buffer.from(text);
  const end = headEnd(bytes, headBytes);
  const start = tailStart(bytes, tailBytes, end);
  return {
    head: bytes.toString('utf8', 0, end),
    tail: bytes.toString('utf8', start),
    omittedBytes: start - end,
    byteLength: bytes.length,
  };
}

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

  it('prefers to cut at line ends, as the spill preview does', () => {
    const text = `${'a'.repeat(30)}\n${'b'.repeat(200)}\n${'c'.repeat(30)}`;
    const preview = headAndTail(text, 40, 40);
    expect(preview.head).toBe(`${'a'.repeat(30)}\n`);
    expect(preview.tail).toBe('c'.repeat(30));
  });

  it('cuts a long text, read only at its ends, exactly as it cuts the whole encoded text', () => {
    const pieces = ['a', 'é', '€', '😀', '\n', 'line\n', 'xyz'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 300; round++) {
      const length = 20 + (next() % 200);
      let text = '';
      for (let i = 0; i < length; i++) text += pieces[next() % pieces.length];
      const headBytes = next() % 40;
      const tailBytes = next() % 40;
      expect(
        headAndTail(text, headBytes, tailBytes),
        `text ${JSON.stringify(text)} ${headBytes}/${tailBytes}`,
      ).toEqual(cutOfWholeText(text, headBytes, tailBytes));
    }
  });

  it('never carries half of a surrogate pair at a window edge', () => {
    // The head window (5 code units) ends inside the third emoji, the tail window starts inside one.
    const text = `${'😀'.repeat(20)}`;
    const preview = headAndTail(text, 4, 5);
    expect(preview).toEqual({ head: '😀', tail: '😀', omittedBytes: 72, byteLength: 80 });
  });
});
