/** An error class with a static `isInstance` (every toolwright error class has one). */
export interface RecognisableErrorClass<E extends Error> {
  readonly name: string;
  isInstance(value: unknown): value is E;
}

/** Fails a test whose code was expected to throw. */
function nothingThrown(errorClass: { readonly name: string } | undefined): Error {
  return new Error(
    `expected ${errorClass === undefined ? 'an error' : `a ${errorClass.name}`}, nothing was thrown`,
  );
}

/** Keeps an error of `errorClass` (all errors when none is given) and throws anything else on. */
function recognised<E extends Error>(error: unknown, errorClass: RecognisableErrorClass<E> | undefined): E {
  if (errorClass !== undefined && !errorClass.isInstance(error)) throw error;
  return error as E;
}

/**
 * The error `run` throws. With `errorClass`, it must be one of that class's (its static
 * `isInstance`, so an error of a second installed copy counts); anything else is thrown on, so
 * the test fails showing it. That nothing was thrown fails the test too.
 */
export function thrownBy<E extends Error = Error>(
  run: () => unknown,
  errorClass?: RecognisableErrorClass<E>,
): E {
  try {
    run();
  } catch (error) {
    return recognised(error, errorClass);
  }
  throw nothingThrown(errorClass);
}

/** As {@link thrownBy}, for the rejection of `pending`. */
export async function rejectionOf<E extends Error = Error>(
  pending: PromiseLike<unknown>,
  errorClass?: RecognisableErrorClass<E>,
): Promise<E> {
  try {
    await pending;
  } catch (error) {
    return recognised(error, errorClass);
  }
  throw nothingThrown(errorClass);
}
