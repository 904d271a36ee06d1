import { describe, expect, it } from 'vitest';
import {
  escapeHiddenCharacters,
  hasHiddenCharacters,
  isHiddenCodePoint,
  stripHiddenCharacters,
} from './terminal-text.js';

/** Every character the rule must hide, one of each kind an attacker uses. */
const HOSTILE: Record<string, string> = {
  'ESC (screen clear)': '\u001b[2J',
  'OSC 0 (window title)': '\u001b]0;pwned\u0007',
  'OSC 8 (link)': '\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\',
  'C1 CSI': '\u009b2J',
  'lone CR (overwrite)': 'safe\rrm -rf',
  backspace: 'ab\bc',
  DEL: 'a\u007f',
  'bidi override': 'user\u202Etxt.exe',
  'bidi isolate': '\u2066x\u2069',
  'LRM/RLM': '\u200E\u200F',
  'Arabic letter mark': '\u061C',
  'zero-width space': 'a\u200Bb',
  'byte-order mark': '\uFEFF',
  'line separator': 'a\u2028b',
  'tag characters': 'ok\u{E0049}\u{E0047}\u{E004E}',
  'variation selector supplement': 'a\u{E0101}',
  'soft hyphen': 'pass\u00ADword',
};

describe('escapeHiddenCharacters', () => {
  for (const [kind, text] of Object.entries(HOSTILE)) {
    it(`escapes ${kind} visibly and leaves nothing hidden`, () => {
      const escaped = escapeHiddenCharacters(text);
      expect(hasHiddenCharacters(escaped)).toBe(false);
      expect(escaped).toMatch(/\\u[0-9a-f]{4}/);
      // Each escape is JSON's own: parsing it as a JSON string gives the original back.
      expect(JSON.parse(`"${escaped.replace(/\\(?!u)/g, '\\\\')}"`)).toBe(text);
    });
  }

  it('keeps tabs, newlines and ordinary non-ASCII text, and turns CRLF into a newline', () => {
    expect(escapeHiddenCharacters('a\tb\nc')).toBe('a\tb\nc');
    expect(escapeHiddenCharacters('héllo wörld 日本 😀 שלום')).toBe('héllo wörld 日本 😀 שלום');
    expect(escapeHiddenCharacters('one\r\ntwo\u001b')).toBe('one\ntwo\\u001b');
  });

  it('keeps JSON valid and equal when it escapes what JSON.stringify leaves raw', () => {
    const value = { name: 'a\u202Eb', tag: 'x\u{E0041}', ctl: '\u001b[2J' };
    const text = escapeHiddenCharacters(JSON.stringify(value));
    expect(hasHiddenCharacters(text)).toBe(false);
    expect(JSON.parse(text)).toEqual(value);
  });
});

describe('stripHiddenCharacters', () => {
  it('removes hidden characters and normalises line endings', () => {
    expect(stripHiddenCharacters('a\u202Eb\u001b[2J\r\nc\rd\u{E0041}')).toBe('ab[2J\nc\nd');
    expect(stripHiddenCharacters('plain')).toBe('plain');
  });
});

describe('isHiddenCodePoint', () => {
  it('answers by code point at the edges of each range', () => {
    expect([0x09, 0x0a, 0x20, 0xa0, 0x200a, 0x2030, 0xe0080, 0xe01f0].map(isHiddenCodePoint)).toEqual(
      Array(8).fill(false),
    );
    expect(
      [0x00, 0x0d, 0x1f, 0x7f, 0x9f, 0x202a, 0x202e, 0x2066, 0x2069, 0xe007f].map(isHiddenCodePoint),
    ).toEqual(Array(10).fill(true));
  });
});
