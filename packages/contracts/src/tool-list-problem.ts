import { describeToolVersionProblem, isTool, type Tool } from './tool.js';

/**
 * What is wrong with a list of tools a host hands a bridge (the first problem, by position):
 *
 * - `unsupported_version`: an item is a tool of `createTool` from another interface version;
 *   `description` names both versions;
 * - `not_a_tool`: an item is not a tool made by `createTool` at all;
 * - `duplicate_name`: two items share a name, which every framework keys its tools by.
 */
export type ToolListProblem =
  | { readonly kind: 'unsupported_version'; readonly index: number; readonly description: string }
  | { readonly kind: 'not_a_tool'; readonly index: number; readonly value: unknown }
  | { readonly kind: 'duplicate_name'; readonly index: number; readonly name: string };

/**
 * The first {@link ToolListProblem} of `list`, or `undefined` when it is a list of tools with
 * unique names. One check for every package that takes a fixed list of tools; each turns the
 * problem into its own error class and says why a duplicate matters in its framework.
 *
 * @param acceptedBy the checking package and its version line, e.g. `'@toolwright/langchain 0.x'`
 */
export function findToolListProblem(
  list: readonly unknown[],
  acceptedBy: string,
): ToolListProblem | undefined {
  const seen = new Set<string>();
  for (const [index, item] of list.entries()) {
    if (!isTool(item)) {
      const description = describeToolVersionProblem(item, acceptedBy);
      return description === undefined
        ? { kind: 'not_a_tool', index, value: item }
        : { kind: 'unsupported_version', index, description };
    }
    const { name } = item as Tool;
    if (seen.has(name)) return { kind: 'duplicate_name', index, name };
    seen.add(name);
  }
  return undefined;
}
