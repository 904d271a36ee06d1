// A replace is diffed against the group's last batch by position when it can be: positions holding
// the same object as then are skipped. Whatever the batches, that must find exactly what a diff by
// name finds: the same added, updated and removed tools, the same duplicate refusals, and a group
// holding exactly the batch's objects afterwards.
import type { Tool } from '@toolwright/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RegistryError } from './registry-error.js';
import { mcpTool } from './test-support/fixture-tools.js';
import { ToolRegistry } from './tool-registry.js';

const NAMES = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot'];
/** Per name: revision 1, revision 2 (a new definition), and a new object of revision 1 (same definition). */
const POOL = NAMES.map((name) => [
  mcpTool('s', name, { fingerprint: `${name}#1` }),
  mcpTool('s', name, { fingerprint: `${name}#2` }),
  mcpTool('s', name, { fingerprint: `${name}#1` }),
]);

type Step =
  | { readonly kind: 'replace'; readonly picks: readonly [number, number][] }
  | { readonly kind: 'unregister'; readonly name: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('replace' as const),
      picks: fc.array(fc.tuple(fc.nat(NAMES.length - 1), fc.nat(2)), { maxLength: 8 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('unregister' as const), name: fc.nat(NAMES.length - 1) }),
  },
);

/** What a diff by name says a batch does to a group holding `held` (name -> object). */
function expectedChange(held: ReadonlyMap<string, Tool>, batch: readonly Tool[]) {
  const names = batch.map((tool) => tool.name);
  if (new Set(names).size !== names.length) return 'duplicate_in_batch';
  const fingerprint = (tool: Tool) => (tool.source as { fingerprint: string }).fingerprint;
  return {
    added: names.filter((name) => !held.has(name)).sort(),
    removed: [...held.keys()].filter((name) => !names.includes(name)).sort(),
    updated: batch
      .filter((tool) => held.has(tool.name) && fingerprint(held.get(tool.name) as Tool) !== fingerprint(tool))
      .map((tool) => tool.name)
      .sort(),
  };
}

describe('a replace diffed by position against the last batch', () => {
  it('finds what a diff by name finds, for any sequence of batches and removals', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const registry = new ToolRegistry();
        const held = new Map<string, Tool>();
        for (const current of steps) {
          if (current.kind === 'unregister') {
            const name = `mcp__s__${NAMES[current.name]}`;
            expect(registry.unregister(name)).toBe(held.delete(name));
            continue;
          }
          const batch = current.picks.map(([name, variant]) => POOL[name]?.[variant] as Tool);
          const expected = expectedChange(held, batch);
          let outcome: unknown;
          try {
            const change = registry.replaceTools('mcp:s', batch);
            outcome = { added: change.added, removed: change.removed, updated: change.updated };
          } catch (error) {
            outcome = RegistryError.isInstance(error) ? error.code : error;
          }
          expect(outcome).toEqual(expected);
          if (expected !== 'duplicate_in_batch') {
            held.clear();
            for (const tool of batch) held.set(tool.name, tool);
          }
          // The group holds exactly the accepted batch's objects (swapped ones included).
          const group = registry.getBySource('mcp:s');
          expect(group).toEqual([...held.values()].sort((left, right) => (left.name < right.name ? -1 : 1)));
          for (const tool of group) expect(tool).toBe(held.get(tool.name));
        }
      }),
      { numRuns: 300 },
    );
  });
});
