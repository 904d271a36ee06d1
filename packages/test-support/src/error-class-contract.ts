import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import type { RecognisableErrorClass } from './thrown-by.js';

/** A toolwright error class: recognisable across copies, made from a code and a message. */
export type ErrorClassUnderTest<E extends Error, Code extends string = string> = RecognisableErrorClass<E> &
  (new (
    code: Code,
    message: string,
  ) => E);

/** What {@link describeErrorClassContract} checks a package's error class with. */
export interface ErrorClassContract<E extends Error, Code extends string> {
  /** The class, as the package exports it. */
  readonly errorClass: ErrorClassUnderTest<E, Code>;
  /** The same class from a second, separately loaded copy of its module ({@link loadSecondCopy}). */
  readonly loadSecondCopy: () => Promise<ErrorClassUnderTest<E, Code>>;
  /** The class's codes (`McpClientErrorCode`, ...). */
  readonly codes: Readonly<Record<string, Code>>;
  /** Errors of other toolwright packages, the root `ToolwrightError` among them: never the class's. */
  readonly others: readonly Error[];
}

/**
 * A second, separately loaded copy of a module, as two installed versions of a package would
 * be: real files with their own classes, not objects dressed up with the markers. `files` are
 * paths relative to `directory` (a `file:` URL of the package's `src/`), the module first, then
 * the modules of the package it imports; they are copied keeping their folders.
 */
export async function loadSecondCopy<Module>(
  directory: URL,
  files: readonly [string, ...string[]],
): Promise<Module> {
  const copy = mkdtempSync(join(tmpdir(), 'toolwright-second-copy-'));
  try {
    for (const file of files) {
      mkdirSync(dirname(join(copy, file)), { recursive: true });
      copyFileSync(fileURLToPath(new URL(file, directory)), join(copy, file));
    }
    return (await import(pathToFileURL(join(copy, files[0])).href)) as Module;
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/**
 * The tests every toolwright error class passes, registered in the calling `describe`: its
 * `isInstance` refuses other packages' errors (which share only the toolwright marker) and
 * anything that is not an error of it; it holds both ways across a second copy of the class; its
 * codes are unique snake_case strings, with the project-wide `invalid_option`.
 */
export function describeErrorClassContract<E extends Error, Code extends string>(
  contract: ErrorClassContract<E, Code>,
): void {
  const { errorClass, codes, others } = contract;
  it('isInstance is false for the errors of other toolwright packages, which share only the toolwright marker', () => {
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(errorClass.isInstance(other), other.name).toBe(false);
    expect(errorClass.isInstance(new Error('plain'))).toBe(false);
    expect(errorClass.isInstance({ code: 'timeout' })).toBe(false);
    expect(errorClass.isInstance(null)).toBe(false);
  });

  it('isInstance is true both ways across a second copy of the class', async () => {
    const copy = await contract.loadSecondCopy();
    expect(copy).not.toBe(errorClass);
    const code = Object.values(codes)[0] as Code;
    const fromCopy = new copy(code, 'from the copy');
    expect(fromCopy).not.toBeInstanceOf(errorClass);
    expect(errorClass.isInstance(fromCopy)).toBe(true);
    expect(copy.isInstance(new errorClass(code, 'from this copy'))).toBe(true);
    for (const other of others) expect(copy.isInstance(other), other.name).toBe(false);
  });

  it('codes are unique snake_case strings; invalid_option is the project-wide option code', () => {
    const values = Object.values(codes);
    expect(new Set(values).size).toBe(values.length);
    for (const code of values) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    expect(codes.InvalidOption).toBe('invalid_option');
  });
}
