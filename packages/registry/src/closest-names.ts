/** Character pairs of the letters and digits of `text`, lower-cased: the unit of the similarity. */
function bigrams(text: string): Map<string, number> {
  const letters = text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
  const pairs = new Map<string, number>();
  for (let index = 0; index < letters.length - 1; index += 1) {
    const pair = letters.slice(index, index + 2);
    pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
  }
  return pairs;
}

/** Sørensen–Dice similarity of two bigram multisets, from 0 (nothing shared) to 1. */
function dice(
  left: Map<string, number>,
  right: Map<string, number>,
  leftSize: number,
  rightSize: number,
): number {
  if (leftSize + rightSize === 0) return 0;
  let shared = 0;
  for (const [pair, count] of left) shared += Math.min(count, right.get(pair) ?? 0);
  return (2 * shared) / (leftSize + rightSize);
}

function size(pairs: Map<string, number>): number {
  let total = 0;
  for (const count of pairs.values()) total += count;
  return total;
}

/**
 * The `count` names most similar to `query`, most similar first. Character-pair similarity
 * tolerates typos, other word orders and missing separators (`createissue` vs `create_issue`),
 * which is what a model gets wrong when it guesses a tool name. Names sharing nothing are left out.
 */
export function closestNames(query: string, names: Iterable<string>, count: number): string[] {
  const queryPairs = bigrams(query);
  const querySize = size(queryPairs);
  if (querySize === 0 || count < 1) return [];
  const scored: { name: string; similarity: number }[] = [];
  for (const name of names) {
    const namePairs = bigrams(name);
    const similarity = dice(queryPairs, namePairs, querySize, size(namePairs));
    if (similarity > 0) scored.push({ name, similarity });
  }
  scored.sort((left, right) =>
    left.similarity !== right.similarity
      ? right.similarity - left.similarity
      : left.name < right.name
        ? -1
        : left.name > right.name
          ? 1
          : 0,
  );
  return scored.slice(0, count).map((entry) => entry.name);
}
