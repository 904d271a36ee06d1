/** A run of calls that execute together (`shared`), or one call alone (`exclusive`). */
export interface CallGroup {
  readonly parallelism: 'shared' | 'exclusive';
  readonly indices: number[];
}

/**
 * Groups consecutive calls of `shared` tools; each `exclusive` call (and each call of an unknown
 * tool, which fails on its own) stands alone as a FIFO barrier: it runs after everything before
 * it and before everything after it.
 */
export function partitionCalls(parallelismOf: readonly ('shared' | 'exclusive')[]): CallGroup[] {
  const groups: CallGroup[] = [];
  parallelismOf.forEach((parallelism, index) => {
    const last = groups.at(-1);
    if (parallelism === 'shared' && last?.parallelism === 'shared') last.indices.push(index);
    else groups.push({ parallelism, indices: [index] });
  });
  return groups;
}
