/**
 * The segments of a chained command (`a && b; c | d`), for deny and ask rules: a deny rule on
 * `rm:*` must catch `ls; rm -rf x` as well as `rm -rf x`, and also `rm -rf x > /dev/null` and
 * `(rm -rf x)`: redirections and groups are cut off too, since a prefix pattern never matches
 * text with a shell control character in it.
 */
export function contentSegments(content: string): string[] {
  const segments = content
    .split(/&&|\|\||[;&|\n\r<>(){}]|\$\(|`/)
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
  return [content, ...segments];
}
