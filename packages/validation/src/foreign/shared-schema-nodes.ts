/**
 * One frozen object for each small JSON subschema that many foreign schemas repeat: MCP servers
 * list hundreds of tools whose inputs share `{ "type": "string" }`, an `owner`/`repo` pair or a
 * paging object, and a catalog of 10,000 tools would otherwise hold each of them thousands of
 * times. Nodes are shared bottom-up, so two equal nodes have the very same children: a node
 * equals a shared one when it has the same keys in the same order and the same (`===`) values.
 * They are found by a hash of that, cheap enough to run on every screened schema: strings as
 * long as a small node can hold are hashed whole, longer ones by their length and a few of their
 * characters (a collision costs the sharing of the later node: one node is kept per hash).
 * Only small nodes are shared; nodes are held weakly: when no schema uses one any more, it goes.
 */

/** Largest node shared: its keys and scalars, and the characters of its strings, counted. */
const MAX_SHARED_WEIGHT = 200;
/**
 * Deepest level walked. The walk is recursive, and a schema admitted with raised depth limits
 * must not overflow the stack here; a node this deep is never small, so nothing is lost.
 */
const MAX_SHARED_DEPTH = 64;

const sharedNodes = new Map<number, WeakRef<object>>();
/** Entries of collected nodes are swept when the map has doubled since the last sweep. */
let sweepAt = 1024;

function sweepCollected(): void {
  for (const [hash, reference] of sharedNodes) if (reference.deref() === undefined) sharedNodes.delete(hash);
  sweepAt = Math.max(1024, sharedNodes.size * 2);
}

function mix(hash: number, value: number): number {
  return Math.imul(hash ^ value, 0x01000193) >>> 0;
}

function stringHash(text: string): number {
  const length = text.length;
  let hash = mix(0x811c9dc5, length);
  // A string short enough for a shared node is hashed whole: sampled, equal-length texts such as
  // "Identifier of the issue." and "Identifier of the event." collided, and only the first of a
  // hash is ever shared. Longer ones (never in a shared node) are sampled.
  if (length <= MAX_SHARED_WEIGHT) {
    for (let index = 0; index < length; index += 1) hash = mix(hash, text.charCodeAt(index));
    return hash;
  }
  hash = mix(hash, text.charCodeAt(0));
  hash = mix(hash, text.charCodeAt(length >> 2));
  hash = mix(hash, text.charCodeAt(length >> 1));
  hash = mix(hash, text.charCodeAt((3 * length) >> 2));
  return mix(hash, text.charCodeAt(length - 1));
}

/** Same keys in the same order and the same values: children are already shared, so `===` does. */
function sameNode(left: object, right: object): boolean {
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightKeys = Object.keys(right);
  if (leftKeys.length !== rightKeys.length) return false;
  for (let index = 0; index < leftKeys.length; index += 1) {
    const key = leftKeys[index] as string;
    if (key !== rightKeys[index]) return false;
    if ((left as Record<string, unknown>)[key] !== (right as Record<string, unknown>)[key]) return false;
  }
  return true;
}

/** The shared node equal to `node`, or `node` itself, frozen, when it is the first of its hash. */
function sharedNode(hash: number, node: object): object {
  const held = sharedNodes.get(hash)?.deref();
  if (held !== undefined) return sameNode(held, node) ? held : node;
  Object.freeze(node);
  sharedNodes.set(hash, new WeakRef(node));
  if (sharedNodes.size >= sweepAt) sweepCollected();
  return node;
}

/**
 * Replaces, inside a freshly made plain JSON tree (objects, arrays, scalars; no cycles), every
 * small object or array by the shared frozen node equal to it. The root itself is left as it is
 * (the caller owns it). The tree is changed in place, bottom-up.
 */
export function shareSmallNodes(root: Record<string, unknown>): void {
  shareChildren(root, 0);
}

// The weight of the node shareChildren last returned the hash of (no object per call).
let lastWeight = 0;

/** Shares the children of `node`; returns its hash, with its weight in `lastWeight` (Infinity: not shareable). */
function shareChildren(node: object, depth: number): number {
  if (depth > MAX_SHARED_DEPTH) {
    lastWeight = Number.POSITIVE_INFINITY;
    return 0;
  }
  const isList = Array.isArray(node);
  const record = node as Record<string, unknown>;
  let hash = isList ? 0x5b : 0x7b;
  let weight = 1;
  for (const key of Object.keys(node)) {
    const value = record[key];
    if (!isList) {
      hash = mix(hash, stringHash(key));
      weight += 1;
    }
    switch (typeof value) {
      case 'object':
        if (value === null) {
          hash = mix(hash, 0x6e);
          weight += 1;
          break;
        }
        {
          const childHash = shareChildren(value, depth + 1);
          const childWeight = lastWeight;
          if (childWeight <= MAX_SHARED_WEIGHT) record[key] = sharedNode(childHash, value);
          hash = mix(hash, childHash);
          weight += childWeight;
        }
        break;
      case 'string':
        hash = mix(hash, stringHash(value));
        weight += 1 + value.length;
        break;
      case 'number':
        // NaN never equals itself and -0 equals 0: neither can be told apart by `===`, never shared.
        if (Number.isNaN(value) || Object.is(value, -0)) weight = Number.POSITIVE_INFINITY;
        hash = mix(hash, (value * 1000) | 0);
        weight += 1;
        break;
      case 'boolean':
        hash = mix(hash, value ? 0x74 : 0x66);
        weight += 1;
        break;
      default:
        weight = Number.POSITIVE_INFINITY;
    }
  }
  lastWeight = weight;
  return hash;
}
