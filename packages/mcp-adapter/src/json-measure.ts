/** The size and nesting of a JSON value, measured without recursion. */
export interface JsonMeasure {
  /** Approximate serialised size in bytes (exact for ASCII), stopped early past the byte limit. */
  readonly bytes: number;
  readonly depth: number;
  /** True when the walk stopped because a limit was passed. */
  readonly exceeded: 'bytes' | 'depth' | undefined;
}

/**
 * Measures a parsed JSON value iteratively, so a hostile 10,000-level schema cannot overflow
 * the stack before it is refused (`JSON.stringify` overflows near 8,000 levels, Ajv near 600).
 */
export function measureJson(value: unknown, limits: { maxBytes: number; maxDepth: number }): JsonMeasure {
  let bytes = 0;
  let maxDepth = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, depth } = stack.pop()!;
    if (depth > maxDepth) maxDepth = depth;
    if (maxDepth > limits.maxDepth) return { bytes, depth: maxDepth, exceeded: 'depth' };
    if (typeof current === 'string') bytes += Buffer.byteLength(current) + 2;
    else if (current === null || typeof current !== 'object') bytes += String(current).length;
    else if (Array.isArray(current)) {
      bytes += 2 + current.length;
      for (const item of current) stack.push({ value: item, depth: depth + 1 });
    } else {
      bytes += 2;
      for (const [key, member] of Object.entries(current)) {
        bytes += Buffer.byteLength(key) + 4;
        stack.push({ value: member, depth: depth + 1 });
      }
    }
    if (bytes > limits.maxBytes) return { bytes, depth: maxDepth, exceeded: 'bytes' };
  }
  return { bytes, depth: maxDepth, exceeded: undefined };
}
