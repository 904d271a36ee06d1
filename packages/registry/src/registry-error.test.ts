import { ToolwrightError } from '@toolwright/validation';
import { describe, expect, it, vi } from 'vitest';
import { RegisterAllError, RegistryError, RegistryErrorCode } from './registry-error.js';

function registerAllError(): RegisterAllError {
  const failure = { name: 'Read', error: new RegistryError(RegistryErrorCode.DuplicateTool, 'taken') };
  return new RegisterAllError([failure], [], { atomic: true, size: 1 });
}

/** A toolwright error of another package (as contracts or the executor throw them). */
class OtherPackageError extends ToolwrightError {}

describe('RegistryError and RegisterAllError recognition', () => {
  it('each class recognises its own errors and no other toolwright error', () => {
    const plain = new RegistryError(RegistryErrorCode.DuplicateTool, 'taken', { toolName: 'Read' });
    const aggregate = registerAllError();
    const foreign = new OtherPackageError('duplicate_tool', 'not from the registry');

    expect([plain, aggregate, foreign].map((error) => RegistryError.isInstance(error))).toEqual([
      true,
      true,
      false,
    ]);
    // A RegisterAllError is a RegistryError, but a plain RegistryError is not a RegisterAllError.
    expect([plain, aggregate, foreign].map((error) => RegisterAllError.isInstance(error))).toEqual([
      false,
      true,
      false,
    ]);
    expect([ToolwrightError.isInstance(plain), ToolwrightError.isInstance(aggregate)]).toEqual([true, true]);
    expect(
      [null, undefined, 'register_all_failed', { code: 'register_all_failed' }].map((value) =>
        RegisterAllError.isInstance(value),
      ),
    ).toEqual([false, false, false, false]);
  });

  it('keeps the markers on the prototype under toolwright.registry.<Class> (and the former key)', () => {
    expect(Object.getOwnPropertySymbols(RegistryError.prototype)).toEqual([
      Symbol.for('toolwright.registry.RegistryError'),
      Symbol.for('toolwright.registry-error'),
    ]);
    expect(Object.getOwnPropertySymbols(RegisterAllError.prototype)).toEqual([
      Symbol.for('toolwright.registry.RegisterAllError'),
      Symbol.for('toolwright.register-all-error'),
    ]);
    // Nothing per instance: creating an error does not pay for defining markers.
    expect(Object.getOwnPropertySymbols(registerAllError())).toEqual([]);
  });

  it('recognises the errors of another copy of the package, which instanceof cannot', async () => {
    vi.resetModules();
    const copy = (await import('./registry-error.js')) as typeof import('./registry-error.js');
    expect(copy.RegistryError).not.toBe(RegistryError);

    const fromCopy = new copy.RegisterAllError(
      [{ name: 'Read', error: new copy.RegistryError('duplicate_tool', 'taken') }],
      ['Glob'],
      { atomic: false, size: 2 },
    );
    const plainFromCopy = new copy.RegistryError('invalid_option', 'bad option');

    expect(fromCopy instanceof RegisterAllError).toBe(false);
    expect([RegisterAllError.isInstance(fromCopy), RegistryError.isInstance(fromCopy)]).toEqual([true, true]);
    expect([RegisterAllError.isInstance(plainFromCopy), RegistryError.isInstance(plainFromCopy)]).toEqual([
      false,
      true,
    ]);
    expect(copy.RegisterAllError.isInstance(registerAllError())).toBe(true);
    expect(copy.RegisterAllError.isInstance(new RegistryError('duplicate_tool', 'taken'))).toBe(false);
  });
});
