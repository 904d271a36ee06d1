import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { previewText, previewValue } from './preview.js';

describe('previewText', () => {
  it('returns printable ASCII that fits as it is, and escapes whatever else a text carries', () => {
    const printable = fc.string({
      unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
    });
    fc.assert(
      fc.property(printable, fc.integer({ min: 1, max: 80 }), (text, maxLength) => {
        const preview = previewText(text, maxLength);
        if (text.length <= maxLength) expect(preview).toBe(text);
        else expect(preview).toBe(`${text.slice(0, maxLength - 1)}…`);
      }),
    );
    fc.assert(
      fc.property(
        printable,
        fc.constantFrom('\u0000', '\u001b', '\u007f', '\u202e', '\u200b', '\ud800'),
        (text, hidden) => {
          expect(previewText(`${text}${hidden}`, 200)).toBe(
            `${text}\\u${hidden.charCodeAt(0).toString(16).padStart(4, '0')}`,
          );
        },
      ),
    );
  });

  it('cuts long text with an ellipsis and never carries control bytes or lone surrogates', () => {
    expect(previewText('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(previewText('tab\there\u0000nul\u001b[2J', 80)).toBe('tab\\u0009here\\u0000nul\\u001b[2J');
    expect(previewText('lone \ud800 high', 80)).toBe('lone \\ud800 high');
    expect(previewText('ok \ud83d\ude00', 80)).toBe('ok \ud83d\ude00');
    expect(previewText('abc\u202Edcba \u2066x\u2069', 80)).toBe('abc\\u202edcba \\u2066x\\u2069');
  });

  it('never splits a surrogate pair at the cut', () => {
    expect(previewText('ab\ud83d\ude00cd', 4)).toBe('ab…');
  });
});

describe('previewValue', () => {
  it('describes each JSON type briefly', () => {
    expect(previewValue(undefined)).toBe('nothing');
    expect(previewValue('x'.repeat(60))).toBe(`string "${'x'.repeat(47)}…"`);
    expect(previewValue(42)).toBe('integer 42');
    expect(previewValue(1.5)).toBe('number 1.5');
    expect(previewValue([1, 2])).toBe('array of 2 items');
    expect(previewValue({ a: 1, b: 2, c: 3, d: 4, e: 5 })).toBe('object {a, b, c, d, …}');
  });

  it('describes what is not JSON one way: functions, symbols, bigints, class instances', () => {
    expect(previewValue(function onEvent() {})).toBe('function onEvent');
    expect(previewValue(() => {})).toBe('function');
    expect(previewValue(Symbol('id'))).toBe('symbol Symbol(id)');
    expect(previewValue(12n)).toBe('bigint 12');
    expect(previewValue(Number.NaN)).toBe('number NaN');
    expect(previewValue(new Map([[1, 2]]))).toBe('object Map {}');
    expect(previewValue(Object.create(null))).toBe('object {}');
  });

  it('is safe on cycles, hostile names and getters: it reads no value of the object', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(previewValue(cycle)).toBe('object {a, self}');
    const watched = {
      get secret(): string {
        throw new Error('a getter was called');
      },
    };
    expect(previewValue(watched)).toBe('object {secret}');
    const hostile = () => {};
    Object.defineProperty(hostile, 'name', { value: 'x\u001b[2J'.repeat(20) });
    expect(previewValue(hostile, 10)).toBe('function x\\u001b[2Jx\\u001b[2…');
    const revoked = Proxy.revocable({}, {});
    revoked.revoke();
    expect(previewValue(revoked.proxy)).toBe('object');
  });
});
