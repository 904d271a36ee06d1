/**
 * A fleet's shared state (session records, event store) failed to answer: the request cannot be
 * served now, though nothing is wrong with it. Answered 503 with the store's own words, which
 * name what failed and never a secret (the stores of `@toolwright/redis` hide passwords), so a
 * client or an operator sees why; a retry after the store is back succeeds.
 */
export class SharedStateFailure extends Error {
  constructor(what: string, cause: unknown) {
    const said = cause instanceof Error ? cause.message : String(cause);
    super(`The server's shared state is unavailable while ${what}: ${said}`, { cause });
    this.name = 'SharedStateFailure';
  }
}

/** Runs `operation` on a shared store; its failure becomes a {@link SharedStateFailure}. */
export async function onSharedState<T>(what: string, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw new SharedStateFailure(what, error);
  }
}
