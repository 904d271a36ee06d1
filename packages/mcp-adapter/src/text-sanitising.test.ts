import { describe, expect, it } from 'vitest';
import { hasControlCharacters, printableName, stripControlCharacters } from './text-sanitising.js';

describe('stripControlCharacters', () => {
  it('gotcha: removes control and invisible characters from server descriptions, keeping newlines and tabs', () => {
    const hostile =
      'Reads a file.\u0000\u001b[2J\u202eecnetnes neddih\u202c\u200b\r\nSecond line\tend\u007f\u0085\ufeff';
    expect(stripControlCharacters(hostile)).toBe('Reads a file.[2Jecnetnes neddih\nSecond line\tend');
  });

  it('returns plain text unchanged', () => {
    expect(stripControlCharacters('plain text, ünïcode ok 🙂')).toBe('plain text, ünïcode ok 🙂');
  });
});

describe('hasControlCharacters', () => {
  it('flags newlines, tabs, escapes and bidirectional overrides in names', () => {
    for (const name of ['a\nb', 'a\tb', 'a\u001bb', 'a\u202eb', 'a\u0000', 'a\u061cb', 'a\u{E0041}'])
      expect(hasControlCharacters(name)).toBe(true);
    expect(hasControlCharacters('get-sum_v2.1')).toBe(false);
  });

  it('shows control characters escaped in diagnostics', () => {
    expect(printableName('evil\u0007name')).toBe('"evil\\u0007name"');
    expect(printableName('evil\u202ename\u{E0041}')).toBe('"evil\\u202ename\\udb40\\udc41"');
  });
});
