import { type OptionProblem, refusedOption } from '@toolwright/utils';
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
 * problem into its own error class, with the words of {@link describeToolListProblem}.
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

/**
 * A {@link ToolListProblem} in the words every package that takes a list of tools uses, as an
 * option problem of `owner`'s `tools` option (the item's place in the list as the option). Only
 * why a duplicate name matters is the package's own: `duplicateConsequence` says it of its
 * framework (`'a ToolSet is keyed by name, so one of them would be lost'`).
 */
export function describeToolListProblem(
  problem: ToolListProblem,
  owner: string,
  duplicateConsequence: string,
): OptionProblem {
  const option = `tools[${problem.index}]`;
  switch (problem.kind) {
    case 'unsupported_version':
      return { owner, option, message: `${owner}: ${option}: ${problem.description}.` };
    case 'not_a_tool':
      return refusedOption(owner, option, 'a tool from createTool', problem.value);
    case 'duplicate_name':
      return {
        owner,
        option,
        message: `${owner}: tools names "${problem.name}" twice; ${duplicateConsequence}.`,
      };
  }
}
