// Near-miss suggestions for misspelt option names, so a typo is named along with its fix.

/** ` (did you mean "x"?)` when `key` is a near miss of a known key, else `''`. */
export function suggestion(key: string, known: readonly string[]): string {
  const lower = key.toLowerCase();
  let best: string | undefined;
  let bestDistance = 3;
  for (const candidate of known) {
    const distance = candidate.toLowerCase() === lower ? 0 : editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best === undefined ? '' : ` (did you mean "${best}"?)`;
}

function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    for (let column = 1; column <= right.length; column++) {
      const substitution = (previous[column - 1] as number) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(
        Math.min((previous[column] as number) + 1, (current[column - 1] as number) + 1, substitution),
      );
    }
    previous = current;
  }
  return previous[right.length] as number;
}
