import type { ToolMode, ToolRegistry } from '@toolwright/registry';

/** The Responses dialect: what the bridge declares and what ToolSearch answers in. */
export const AGENTS_TARGET = 'openai-responses' as const;

/**
 * The names a registry declares at this moment for `mode`: loaded tools only (a deferred one from
 * the turn after ToolSearch loaded it), ReadOnly ones only in Plan mode, within the Responses tool
 * limit, and ToolSearch while some tool is deferred. Agents JS asks each tool's `isEnabled` at
 * every turn; the registry returns the same declaration set until something changes, so the set
 * of names is built once per change, not once per tool.
 */
export function declaredNames(registry: ToolRegistry, mode: () => ToolMode): (name: string) => boolean {
  let lastSet: object | undefined;
  let names = new Set<string>();
  return (name) => {
    const set = registry.getFunctionDeclarationsByMode(mode(), AGENTS_TARGET);
    if (set !== lastSet) {
      names = new Set(set.declarations.map((declaration) => declaration.name));
      lastSet = set;
    }
    return names.has(name);
  };
}
