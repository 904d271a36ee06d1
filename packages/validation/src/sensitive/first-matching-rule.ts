import type { PathFacts, SensitivePathRule } from './sensitive-rules.js';

/** Finds the first rule of a list, in list order, whose `matches` holds for a path. */
export type FirstMatchingRule = (facts: PathFacts) => SensitivePathRule | undefined;

/**
 * The first matching rule of `rules`, found without calling every rule's `matches`: a search
 * judges every file it reads, thousands a call, and most files match no rule. A name rule can
 * only match a basename it lists, an extension rule only a basename ending in one of its
 * extensions, a directory rule only a path with its directory's first segment among the
 * parents; those are looked up by the path's own parts. Every other rule (logic of its own) is
 * always a candidate. The candidates are then tried in list order with their own `matches`, so
 * the answer is the one a scan of the whole list gives: the lookup only leaves out rules that
 * cannot match.
 */
export function firstMatchingRule(rules: readonly SensitivePathRule[]): FirstMatchingRule {
  const byName = new Map<string, number[]>();
  const byExtension = new Map<string, number[]>();
  const byDirectoryHead = new Map<string, number[]>();
  const always: number[] = [];
  const add = (map: Map<string, number[]>, key: string, index: number): void => {
    const indices = map.get(key);
    if (indices === undefined) map.set(key, [index]);
    else if (!indices.includes(index)) indices.push(index);
  };
  rules.forEach((rule, index) => {
    const listing = rule.listing;
    if (listing?.kind === 'names') {
      for (const name of listing.names) add(byName, name, index);
    } else if (listing?.kind === 'extensions' && listing.extensions.every((entry) => entry.startsWith('.'))) {
      for (const extension of listing.extensions) add(byExtension, extension, index);
    } else if (listing?.kind === 'directory') {
      add(byDirectoryHead, listing.directory.split('/')[0] as string, index);
    } else {
      always.push(index);
    }
  });
  return (facts) => {
    const candidates = [...always, ...(byName.get(facts.basename) ?? [])];
    // An extension rule matches a basename that ends in the extension and is longer than it:
    // the suffixes that start at a dot after the first character.
    const name = facts.basename;
    for (let dot = name.indexOf('.', 1); dot !== -1; dot = name.indexOf('.', dot + 1)) {
      const indices = byExtension.get(name.slice(dot));
      if (indices !== undefined) candidates.push(...indices);
    }
    const parents = facts.segments.length - 1;
    for (let position = 0; position < parents; position += 1) {
      const indices = byDirectoryHead.get(facts.segments[position] as string);
      if (indices !== undefined) candidates.push(...indices);
    }
    let first: number | undefined;
    for (const index of candidates) {
      if ((first === undefined || index < first) && (rules[index] as SensitivePathRule).matches(facts)) {
        first = index;
      }
    }
    return first === undefined ? undefined : rules[first];
  };
}
