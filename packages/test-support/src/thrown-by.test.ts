import { describe, expect, it } from 'vitest';
import { rejectionOf, thrownBy } from './thrown-by.js';

class KnownError extends Error {
  static isInstance(value: unknown): value is KnownError {
    return value instanceof KnownError;
  }
}

describe('thrownBy', () => {
  it('returns what was thrown, of the class asked for', () => {
    const error = new KnownError('bad');
    expect(
      thrownBy(() => {
        throw error;
      }, KnownError),
    ).toBe(error);
    expect(
      thrownBy(() => {
        throw error;
      }),
    ).toBe(error);
  });

  it('throws on an error of another class, so the test shows it', () => {
    const other = new TypeError('other');
    expect(() =>
      thrownBy(() => {
        throw other;
      }, KnownError),
    ).toThrow(other);
  });

  it('fails when nothing was thrown, naming what was expected', () => {
    expect(() => thrownBy(() => 1, KnownError)).toThrow('expected a KnownError, nothing was thrown');
    expect(() => thrownBy(() => 1)).toThrow('expected an error, nothing was thrown');
  });
});

describe('rejectionOf', () => {
  it('returns the rejection, throws on another class, fails on a fulfilment', async () => {
    const error = new KnownError('bad');
    expect(await rejectionOf(Promise.reject(error), KnownError)).toBe(error);
    await expect(rejectionOf(Promise.reject(new TypeError('other')), KnownError)).rejects.toThrow('other');
    await expect(rejectionOf(Promise.resolve(1), KnownError)).rejects.toThrow(
      'expected a KnownError, nothing was thrown',
    );
  });
});
