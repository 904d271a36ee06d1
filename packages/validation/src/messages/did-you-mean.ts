/** Levenshtein distance, stopping early once it exceeds `limit` (names are short). */
export function editDistance(left: string, right: string, limit = Number.POSITIVE_INFINITY): number {
  if (left === right) return 0;
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    let rowMinimum = row;
    for (let column = 1; column <= right.length; column++) {
      const substitution = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      const value = Math.min((previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1, substitution);
      current.push(value);
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (rowMinimum > limit) return limit + 1;
    previous = current;
  }
  return previous[right.length] ?? limit + 1;
}

/**
 * The known name closest to `unknown`, if it is close enough to be a likely typo: within a third
 * of the name's length (at least 2 edits), compared case-insensitively. Ties go to the earlier name.
 */
export function suggestName(unknown: string, known: readonly string[]): string | undefined {
  const needle = unknown.toLowerCase();
  const limit = Math.max(2, Math.floor(needle.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    const distance = editDistance(needle, candidate.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}
