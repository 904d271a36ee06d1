import type { UNSUPPORTED_SPECIFICATION_VERSION } from '@toolwright/utils';

/** The code of an object that is no implementation of the interface in any version. */
export const NOT_AN_IMPLEMENTATION = 'not_an_implementation';

/**
 * What an adapter made of a host's object: the interface of the version the package speaks, or
 * why not, in words the package puts in its own error (each package throws its own class).
 * `code` is `'unsupported_specification_version'` for an object that says a version no adapter
 * reaches, `'not_an_implementation'` for an object that lacks the interface's members.
 */
export type Adaptation<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly code: typeof UNSUPPORTED_SPECIFICATION_VERSION | typeof NOT_AN_IMPLEMENTATION;
      readonly message: string;
    };

export function adapted<T>(value: T): Adaptation<T> {
  return { ok: true, value };
}

export function refused<T>(
  code: typeof UNSUPPORTED_SPECIFICATION_VERSION | typeof NOT_AN_IMPLEMENTATION,
  message: string,
): Adaptation<T> {
  return { ok: false, code, message };
}
