/** Alternatives one glob may expand to; past this the glob is refused rather than grown without bound. */
export const MAX_BRACE_ALTERNATIVES = 256;

/**
 * Expands `{a,b}` alternatives (nested too) into the globs they stand for, as picomatch does
 * before matching: `src/{a,b}/*.ts` → `src/a/*.ts`, `src/b/*.ts`. Braces without a comma
 * (`{a}`) and unbalanced or escaped braces stay literal.
 *
 * @throws Error when the alternatives would exceed {@link MAX_BRACE_ALTERNATIVES}.
 */
export function expandBraces(glob: string): string[] {
  const group = findGroup(glob);
  if (group === undefined) return [glob];
  const head = glob.slice(0, group.open);
  const tail = glob.slice(group.close + 1);
  const results: string[] = [];
  for (const option of group.options) {
    for (const expanded of expandBraces(`${head}${option}${tail}`)) {
      results.push(expanded);
      if (results.length > MAX_BRACE_ALTERNATIVES) {
        throw new Error(
          `The glob ${JSON.stringify(glob.slice(0, 80))} expands to more than ${MAX_BRACE_ALTERNATIVES} alternatives; use fewer {a,b} groups.`,
        );
      }
    }
  }
  return results;
}

/** The first top-level `{…}` with a comma: where it opens and closes and its options. */
function findGroup(glob: string): { open: number; close: number; options: string[] } | undefined {
  for (let open = 0; open < glob.length; open += 1) {
    const char = glob[open];
    if (char === '\\') {
      open += 1;
      continue;
    }
    if (char !== '{') continue;
    const options: string[] = [];
    let depth = 0;
    let start = open + 1;
    for (let index = open + 1; index < glob.length; index += 1) {
      const inner = glob[index];
      if (inner === '\\') {
        index += 1;
      } else if (inner === '{') {
        depth += 1;
      } else if (inner === '}' && depth > 0) {
        depth -= 1;
      } else if (inner === ',' && depth === 0) {
        options.push(glob.slice(start, index));
        start = index + 1;
      } else if (inner === '}') {
        if (options.length === 0) break; // `{a}` is literal
        options.push(glob.slice(start, index));
        return { open, close: index, options };
      }
    }
  }
  return undefined;
}
