/** Which of a server's tools the user wants: `includeTools` / `excludeTools` of its config. */
export interface ToolFilterConfig {
  /** Only these tools (names as the server gives them); `undefined` for all. */
  readonly includeTools?: readonly string[] | undefined;
  /** Never these tools; wins over `includeTools` (as in Gemini CLI). */
  readonly excludeTools?: readonly string[] | undefined;
}

/**
 * A predicate over the server's real tool names, or `undefined` when nothing is filtered.
 * Names match exactly (case-sensitive), as Gemini CLI matches them: no globs.
 */
export function toolFilterOf(config: ToolFilterConfig): ((name: string) => boolean) | undefined {
  const include = config.includeTools === undefined ? undefined : new Set(config.includeTools);
  const exclude = new Set(config.excludeTools ?? []);
  if (include === undefined && exclude.size === 0) return undefined;
  return (name) => !exclude.has(name) && (include === undefined || include.has(name));
}
