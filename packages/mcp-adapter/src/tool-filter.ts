import { didYouMean } from '@toolwright/utils';

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

/**
 * The names of `includeTools` / `excludeTools` that are not among `offered` (the server's full
 * listing), each with the sentence a diagnostic gives: the key, the name and the nearest offered one.
 */
export function unknownFilterNames(
  config: ToolFilterConfig,
  offered: ReadonlySet<string>,
): Array<{ name: string; message: string }> {
  const unknown: Array<{ name: string; message: string }> = [];
  for (const key of ['includeTools', 'excludeTools'] as const) {
    for (const name of config[key] ?? []) {
      if (offered.has(name)) continue;
      unknown.push({
        name,
        message: `"${key}" names "${name}", which the server does not offer${didYouMean(name, offered)}`,
      });
    }
  }
  return unknown;
}
