import type { Tool } from '@toolwright/contracts';

/** The registry side of a live tool set: `ToolRegistry` fits. */
export interface ToolCatalog {
  get(name: string): Tool | undefined;
  getAll(): readonly Tool[];
}

/**
 * A read-only `ToolSet` (of bridged tools, `ENTRY`) that always shows the catalog as it is now: a tool an MCP server adds in
 * the middle of a run is there when ToolSearch loads it, and a tool whose definition changed is
 * bridged afresh. The AI SDK reads `tools` once per run, but reads its entries again at every
 * step (to apply `activeTools`), so a snapshot would hide tools added after the run began.
 *
 * Bridged tools are cached per `Tool` object, so each is made once however often it is read;
 * entries come in the registry's order (sorted by name), which keeps requests byte-stable.
 */
export function liveToolSet<ENTRY extends object>(
  catalog: ToolCatalog,
  bridge: (tool: Tool) => ENTRY,
): Readonly<Record<string, ENTRY>> {
  const bridged = new WeakMap<Tool, ENTRY>();
  const lookup = (name: string | symbol): ENTRY | undefined => {
    if (typeof name !== 'string') return undefined;
    const tool = catalog.get(name);
    if (tool === undefined) return undefined;
    let entry = bridged.get(tool);
    if (entry === undefined) {
      entry = bridge(tool);
      bridged.set(tool, entry);
    }
    return entry;
  };
  const refuse = (): boolean => false;
  return new Proxy(Object.create(null) as Record<string, ENTRY>, {
    get: (_target, name) => lookup(name),
    has: (_target, name) => typeof name === 'string' && catalog.get(name) !== undefined,
    ownKeys: () => catalog.getAll().map((tool) => tool.name),
    getOwnPropertyDescriptor: (_target, name) => {
      const value = lookup(name);
      // Configurable, because the target never holds the property (a proxy invariant).
      return value === undefined
        ? undefined
        : { value, enumerable: true, configurable: true, writable: false };
    },
    // Read-only: the catalog is the registry's; register or unregister tools there.
    set: refuse,
    defineProperty: refuse,
    deleteProperty: refuse,
  });
}
