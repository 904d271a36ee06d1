import type { ToolRegistry } from '@toolwright/registry';

/**
 * Calls `onChange` once after the registry's tool set changed — a built-in registered or
 * removed, an MCP catalog replaced — coalescing a burst of changes within `debounceMs` into one
 * call, so a client is asked to refetch `tools/list` once per burst. Loading a deferred tool is
 * not a change here (every tool is listed already). Returns the function that stops watching.
 */
export function watchToolCatalog(
  registry: ToolRegistry,
  onChange: () => void,
  debounceMs: number,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = (): void => {
    if (timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      onChange();
    }, debounceMs);
    // A pending notice never keeps the process alive on its own.
    timer.unref();
  };
  const stops = [
    registry.on('registered', schedule),
    registry.on('unregistered', schedule),
    registry.on('catalog-change', schedule),
  ];
  return () => {
    for (const stop of stops) stop();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}
