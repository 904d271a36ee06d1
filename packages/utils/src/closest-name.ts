/** Names longer than this are never compared: a suggestion for them would cost more than it helps. */
export const MAX_SUGGESTED_NAME_LENGTH = 64;

/**
 * Levenshtein distance between two strings, or `limit + 1` as soon as it must exceed `limit`.
 * Only the diagonal band of width `2 × limit + 1` is computed, so one comparison costs
 * O(length × limit), not O(length²).
 */
export function boundedEditDistance(left: string, right: string, limit: number): number {
  if (left === right) return 0;
  if (Math.abs(left.length - right.length) > limit) return limit + 1;
  const outside = limit + 1;
  let previous = new Array<number>(right.length + 1);
  let current = new Array<number>(right.length + 1);
  for (let column = 0; column <= right.length; column += 1)
    previous[column] = column <= limit ? column : outside;
  for (let row = 1; row <= left.length; row += 1) {
    const from = Math.max(1, row - limit);
    const to = Math.min(right.length, row + limit);
    current.fill(outside);
    current[0] = row <= limit ? row : outside;
    let rowMinimum = current[0] as number;
    for (let column = from; column <= to; column += 1) {
      const substitution = (previous[column - 1] as number) + (left[row - 1] === right[column - 1] ? 0 : 1);
      const value = Math.min(
        (previous[column] as number) + 1,
        (current[column - 1] as number) + 1,
        substitution,
      );
      current[column] = value;
      if (value < rowMinimum) rowMinimum = value;
    }
    if (rowMinimum > limit) return outside;
    [previous, current] = [current, previous];
  }
  return Math.min(previous[right.length] as number, outside);
}

/**
 * The known name closest to `input`, if it is close enough to be a likely typo: within a third
 * of its length (at least 2 edits), compared case-insensitively; ties go to the earlier name.
 * Bounded whatever the input: names over {@link MAX_SUGGESTED_NAME_LENGTH} characters are not
 * compared, and each comparison is banded (40 unknown 301-character keys against 500 long names
 * cost nothing, instead of seconds).
 */
export function closestName(input: string, known: Iterable<string>): string | undefined {
  if (input.length > MAX_SUGGESTED_NAME_LENGTH) return undefined;
  const needle = input.toLowerCase();
  const limit = Math.max(2, Math.floor(needle.length / 3));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    if (candidate.length > MAX_SUGGESTED_NAME_LENGTH) continue;
    const distance = boundedEditDistance(needle, candidate.toLowerCase(), bestDistance - 1);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
      if (distance === 0) break;
    }
  }
  return best;
}

/** ` (did you mean "x"?)` when `input` is a near miss of a known name, else `''`. */
export function didYouMean(input: string, known: Iterable<string>): string {
  const nearest = closestName(input, known);
  return nearest === undefined ? '' : ` (did you mean "${nearest}"?)`;
}
