// A replace is diffed against the group's last batch by position when it can be: positions holding
// the same object as then are skipped. Whatever the batches, that must find exactly what a diff by
// name finds: the same added, updated and removed tools, the same refusals, and a group
// holding exactly the batch's objects afterwards.
import type { Tool } from '@toolwright/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RegistryError } from './registry-error.js';
import { builtinTool, mcpTool } from './test-support/fixture-tools.js';
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
  | { readonly kind: 'unregister'; readonly name: number }
  | { readonly kind: 'shadow'; readonly name: number };

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

/**
 * What a diff by name says a batch does to a group holding `held` (name -> object), beside
 * built-ins of `builtins`: the first problem in batch order refuses it.
 */
function expectedChange(
  held: ReadonlyMap<string, Tool>,
  builtins: ReadonlySet<string>,
  batch: readonly Tool[],
) {
  const names = batch.map((tool) => tool.name);
  const seen = new Set<string>();
  for (const name of names) {
    if (builtins.has(name)) return 'builtin_name_conflict';
    if (seen.has(name)) return 'duplicate_in_batch';
    seen.add(name);
  }
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
        const builtins = new Set<string>();
        for (const current of steps) {
          const named = current.kind === 'replace' ? '' : `mcp__s__${NAMES[current.name]}`;
          if (current.kind === 'unregister') {
            // A built-in of the name goes first, as unregister looks there first.
            expect(registry.unregister(named)).toBe(builtins.delete(named) || held.delete(named));
            continue;
          }
          if (current.kind === 'shadow') {
            // A built-in takes the name: the group's tool of that name goes.
            if (builtins.has(named)) continue;
            registry.register(builtinTool(named));
            builtins.add(named);
            held.delete(named);
            continue;
          }
          const batch = current.picks.map(([name, variant]) => POOL[name]?.[variant] as Tool);
          const expected = expectedChange(held, builtins, batch);
          let outcome: unknown;
          try {
            const change = registry.replaceTools('mcp:s', batch);
            outcome = { added: change.added, removed: change.removed, updated: change.updated };
          } catch (error) {
            outcome = RegistryError.isInstance(error) ? error.code : error;
          }
          expect(outcome).toEqual(expected);
          if (typeof expected !== 'string') {
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

  it('refuses a bad batch with the first problem in batch order, as a diff by name does', () => {
    const registry = new ToolRegistry();
    const [alpha, bravo, charlie] = POOL.map((variants) => variants[0] as Tool);
    registry.replaceTools('mcp:s', [alpha as Tool, charlie as Tool, bravo as Tool]);
    registry.register(builtinTool('mcp__s__delta'));
    // Position 0 repeats bravo, still held unchanged at position 2; position 1 takes a built-in's
    // name. By name, position 1 is the first problem.
    const bravoAgain = POOL[1]?.[1] as Tool;
    const batch = [bravoAgain, POOL[3]?.[0] as Tool, bravo as Tool];
    expect(() => registry.replaceTools('mcp:s', batch)).toThrow(
      expect.objectContaining({ code: 'builtin_name_conflict' }),
    );
    expect(registry.getBySource('mcp:s')).toEqual([alpha, bravo, charlie]);
  });
});
