/** How one catalog differs from the previous one, names sorted by code unit. */
export interface CatalogDelta {
  readonly added: string[];
  readonly removed: string[];
  /** Present in both, with a different fingerprint. */
  readonly updated: string[];
}

function byCodeUnit(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Compares two catalogs given as name -> fingerprint maps. */
export function diffCatalogs(
  previous: ReadonlyMap<string, string>,
  next: ReadonlyMap<string, string>,
): CatalogDelta {
  const added: string[] = [];
  const removed: string[] = [];
  const updated: string[] = [];
  for (const [name, fingerprint] of next) {
    const before = previous.get(name);
    if (before === undefined) added.push(name);
    else if (before !== fingerprint) updated.push(name);
  }
  for (const name of previous.keys()) {
    if (!next.has(name)) removed.push(name);
  }
  return {
    added: added.sort(byCodeUnit),
    removed: removed.sort(byCodeUnit),
    updated: updated.sort(byCodeUnit),
  };
}

/** True when the delta holds no change at all. */
export function isEmptyDelta(delta: CatalogDelta): boolean {
  return delta.added.length === 0 && delta.removed.length === 0 && delta.updated.length === 0;
}
