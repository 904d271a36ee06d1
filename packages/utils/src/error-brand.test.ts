import { describe, expect, it } from 'vitest';
import { brandErrorClass, type ErrorClassGuard } from './error-brand.js';
import { ToolwrightError } from './toolwright-error.js';

/**
 * One installed copy of a package with a parent error class and two subclasses, as a package
 * writes them. Calling it twice gives two copies: different classes, the same keys.
 */
function installCopy() {
  class ParentError extends ToolwrightError {
    declare static readonly isInstance: ErrorClassGuard<ParentError>;
    static {
      brandErrorClass(ParentError, 'toolwright.sample.ParentError', {
        formerKeys: ['toolwright.parent-error'],
      });
    }
  }
  class ChildError extends ParentError {
    declare static readonly isInstance: ErrorClassGuard<ChildError>;
    static {
      brandErrorClass(ChildError, 'toolwright.sample.ChildError');
    }
  }
  class SiblingError extends ParentError {
    declare static readonly isInstance: ErrorClassGuard<SiblingError>;
    static {
      brandErrorClass(SiblingError, 'toolwright.sample.SiblingError');
    }
  }
  return { ParentError, ChildError, SiblingError };
}

type Copy = ReturnType<typeof installCopy>;
const NAMES = ['ParentError', 'ChildError', 'SiblingError'] as const;

/** For each class of `recogniser`, which of the errors made by `maker` its isInstance accepts. */
function recognition(recogniser: Copy, maker: Copy) {
  const made = NAMES.map((name) => [name, new maker[name]('sample_code', 'sample')] as const);
  return Object.fromEntries(
    NAMES.map((name) => [
      name,
      made.filter(([, error]) => recogniser[name].isInstance(error)).map(([n]) => n),
    ]),
  );
}

const EXPECTED = {
  ParentError: ['ParentError', 'ChildError', 'SiblingError'],
  ChildError: ['ChildError'],
  SiblingError: ['SiblingError'],
};

describe('brandErrorClass', () => {
  it("gives each class an isInstance that accepts its own errors and its subclasses', never its parent's or a sibling's", () => {
    const copy = installCopy();
    expect(recognition(copy, copy)).toEqual(EXPECTED);
  });

  it('recognises the errors of a second installed copy both ways, where instanceof fails', () => {
    const one = installCopy();
    const two = installCopy();
    expect(new two.ChildError('c', 'm') instanceof one.ChildError).toBe(false);
    expect(recognition(one, two)).toEqual(EXPECTED);
    expect(recognition(two, one)).toEqual(EXPECTED);
    expect(ToolwrightError.isInstance(new two.SiblingError('c', 'm'))).toBe(true);
  });

  it('refuses what is no error of the class: plain errors, look-alikes, primitives', () => {
    const { ParentError } = installCopy();
    const lookAlike = { name: 'ParentError', code: 'sample_code', message: 'sample' };
    const falseMarker = { [Symbol.for('toolwright.sample.ParentError')]: 'yes' };
    for (const value of [new Error('plain'), lookAlike, falseMarker, null, undefined, 'ParentError', 1])
      expect(ParentError.isInstance(value)).toBe(false);
  });

  it('accepts an error of an earlier release that carries only a former key, and sets that key for it', () => {
    const { ParentError } = installCopy();
    class EarlierParentError extends Error {}
    Object.defineProperty(EarlierParentError.prototype, Symbol.for('toolwright.parent-error'), {
      value: true,
    });
    expect(ParentError.isInstance(new EarlierParentError())).toBe(true);
    const current = new ParentError('c', 'm') as unknown as Record<symbol, unknown>;
    expect(current[Symbol.for('toolwright.parent-error')]).toBe(true);
  });

  it('keeps the markers on the prototype, not enumerable and not writable, and none on an instance', () => {
    const { ParentError, ChildError } = installCopy();
    expect(Object.getOwnPropertySymbols(ChildError.prototype)).toEqual([
      Symbol.for('toolwright.sample.ChildError'),
    ]);
    const descriptor = Object.getOwnPropertyDescriptor(
      ParentError.prototype,
      Symbol.for('toolwright.sample.ParentError'),
    );
    expect(descriptor).toMatchObject({ value: true, enumerable: false, writable: false });
    expect(Object.getOwnPropertySymbols(new ChildError('c', 'm'))).toEqual([]);
  });

  it('names the class and its instances as the key says, also after a bundler renamed the class', () => {
    // What esbuild emits for a class that refers to itself.
    const RenamedError = class _RenamedError extends ToolwrightError {
      static {
        brandErrorClass(_RenamedError, 'toolwright.sample.RenamedError');
      }
    };
    expect(RenamedError.name).toBe('RenamedError');
    const error = new RenamedError('c', 'message');
    expect(error.name).toBe('RenamedError');
    expect(String(error)).toBe('RenamedError: message');
    expect(error.stack?.startsWith('RenamedError: message')).toBe(true);
  });

  it('gives an isInstance that works detached from its class (errors.filter(Class.isInstance))', () => {
    const { ChildError, SiblingError } = installCopy();
    const errors = [new ChildError('c', 'a'), new SiblingError('c', 'b'), new Error('c')];
    expect(errors.filter(ChildError.isInstance).map((error) => error.message)).toEqual(['a']);
  });

  it('refuses a key not spelled toolwright.<package>.<ClassName>, naming the accepted form', () => {
    class SomeError extends ToolwrightError {}
    for (const key of [
      'toolwright.error',
      'SomeError',
      'toolwright.Sample.SomeError',
      'toolwright.sample.someError',
      'other.sample.SomeError',
    ])
      expect(() => brandErrorClass(SomeError, key)).toThrow(
        `brandErrorClass: key ${JSON.stringify(key)} is not of the form "toolwright.<package>.<ClassName>"`,
      );
  });
});
