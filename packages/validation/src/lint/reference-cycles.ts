import { appendPointer } from '../schema/json-pointer.js';
import {
  SCHEMA_ARRAY_KEYWORDS,
  SCHEMA_MAP_KEYWORDS,
  SINGLE_SCHEMA_KEYWORDS,
} from '../schema/schema-keywords.js';
import { isSchemaNode, type RefResolver, type SchemaNode } from '../schema/schema-node.js';

/** A `$ref` cycle: where it was entered and the references that close the loop. */
export interface ReferenceCycle {
  path: string;
  chain: string[];
}

/** The `$ref`s reachable inside `node` without following references, with their paths. */
function referencesIn(node: SchemaNode, basePath: string): Array<{ reference: string; path: string }> {
  const found: Array<{ reference: string; path: string }> = [];
  const stack: Array<[unknown, string]> = [[node, basePath]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (!isSchemaNode(current)) continue;
    if (typeof current.$ref === 'string') found.push({ reference: current.$ref, path });
    for (const [key, value] of Object.entries(current)) {
      if (key === '$defs' || key === 'definitions') continue;
      if (SCHEMA_MAP_KEYWORDS.has(key) && isSchemaNode(value)) {
        for (const [name, child] of Object.entries(value))
          stack.push([child, appendPointer(appendPointer(path, key), name)]);
      } else if (SCHEMA_ARRAY_KEYWORDS.has(key) && Array.isArray(value)) {
        for (const [index, child] of value.entries()) stack.push([child, `${path}/${key}/${index}`]);
      } else if (SINGLE_SCHEMA_KEYWORDS.has(key)) stack.push([value, `${path}/${key}`]);
    }
  }
  return found;
}

/**
 * Finds `$ref` cycles reachable from the root (each reported once, at the first place it closes),
 * iteratively over the small graph of references.
 */
export function findReferenceCycles(root: SchemaNode, resolver: RefResolver): ReferenceCycle[] {
  const cycles: ReferenceCycle[] = [];
  const edges = new Map<string, Array<{ reference: string; path: string }>>();
  const edgesOf = (reference: string): Array<{ reference: string; path: string }> => {
    let known = edges.get(reference);
    if (known === undefined) {
      const target = resolver.lookup(reference);
      known =
        target === undefined ? [] : referencesIn(target, reference.startsWith('#') ? reference.slice(1) : '');
      edges.set(reference, known);
    }
    return known;
  };
  const reported = new Set<string>();
  const done = new Set<string>();
  type Step = { reference: string; path: string; chain: string[]; next: number };
  for (const start of referencesIn(root, '')) {
    const stack: Step[] = [{ ...start, chain: [start.reference], next: 0 }];
    while (stack.length > 0) {
      const step = stack[stack.length - 1]!;
      const outgoing = edgesOf(step.reference);
      if (step.next >= outgoing.length) {
        done.add(step.reference);
        stack.pop();
        continue;
      }
      const edge = outgoing[step.next++]!;
      if (step.chain.includes(edge.reference)) {
        const key = [...step.chain.slice(step.chain.indexOf(edge.reference))].sort().join('|');
        if (!reported.has(key)) {
          reported.add(key);
          cycles.push({
            path: edge.path,
            chain: [...step.chain.slice(step.chain.indexOf(edge.reference)), edge.reference],
          });
        }
      } else if (!done.has(edge.reference)) {
        stack.push({ ...edge, chain: [...step.chain, edge.reference], next: 0 });
      }
    }
  }
  return cycles;
}
